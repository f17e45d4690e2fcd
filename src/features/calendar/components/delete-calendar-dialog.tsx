import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { toast } from "@/components/ui/toaster";
import { useDeleteCalendar } from "@/api/calendars/calendar-mutations";
import type { Calendar } from "@/api/calendars/calendar-queries";

/** "Delete calendar?": the calendar and its events go; the tasks stay. */
export function DeleteCalendarDialog({ calendar, onClose }: { calendar: Calendar | null; onClose(): void }) {
  const remove = useDeleteCalendar();
  return (
    <Dialog open={calendar !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-[425px]">
        <DialogHeader>
          <DialogTitle>Delete calendar?</DialogTitle>
          <DialogDescription>
            {calendar ? `"${calendar.name}" and its events leave Tasklane. Your tasks stay.` : ""}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              calendar &&
              remove.mutate(calendar.id, {
                onSuccess: () => {
                  toast.success("Calendar deleted", { description: calendar.name });
                  onClose();
                },
              })
            }
          >
            {remove.isPending ? "Deleting..." : "Delete calendar"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
