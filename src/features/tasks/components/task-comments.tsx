import type { Comment } from "@contract/sharing";
import type { Task } from "@contract/tasks";
import { useQuery } from "@tanstack/react-query";
import { formatDistanceToNowStrict } from "date-fns";
import { Pencil, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import Markdown from "react-markdown";
import { useCreateComment, useDeleteComment, useUpdateComment } from "@/api/sharing/sharing-mutations";
import { sharingQueries } from "@/api/sharing/sharing-queries";
import { Button } from "@/components/ui/button";
import { IconButton } from "@/components/ui/icon-button";
import { Textarea } from "@/components/ui/textarea";
import { useSessionStore } from "@/stores/session-store";

/** Markdown as text and its formatting only: raw HTML in a comment is left out, never rendered. */
function CommentBody({ body }: { body: string }) {
  return (
    <div className="prose-comment break-words text-sm [&_a]:underline [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_ol]:list-decimal [&_ol]:pl-5 [&_p+p]:mt-2 [&_ul]:list-disc [&_ul]:pl-5">
      <Markdown skipHtml>{body}</Markdown>
    </div>
  );
}

/** A comment's text box with its buttons: adding a new one, or editing one's own. */
function CommentEditor({
  label,
  initial = "",
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  label: string;
  initial?: string;
  submitLabel: string;
  pending: boolean;
  onSubmit(body: string, clear: () => void): void;
  onCancel?(): void;
}) {
  const id = useId();
  const [body, setBody] = useState(initial);
  return (
    <form
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (body.trim()) onSubmit(body.trim(), () => setBody(""));
      }}
    >
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <Textarea
        id={id}
        rows={2}
        value={body}
        placeholder="Write a comment: Markdown, @username to mention"
        onChange={(event) => setBody(event.target.value)}
      />
      <div className="flex justify-end gap-2">
        {onCancel && (
          <Button type="button" variant="outline" size="sm" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" size="sm" disabled={pending || !body.trim()}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** One comment: author, when, the Markdown; its author may edit or delete it. */
function CommentItem({ comment, taskId }: { comment: Comment; taskId: string }) {
  const me = useSessionStore((state) => state.user?.id);
  const [editing, setEditing] = useState(false);
  const update = useUpdateComment(taskId);
  const remove = useDeleteComment(taskId);
  const own = comment.author.id === me;
  return (
    <li className="grid gap-1 rounded-md border p-2" aria-label={`Comment by ${comment.author.username}`}>
      <div className="flex items-center gap-2 text-xs text-muted-foreground">
        <span className="font-medium text-foreground">{comment.author.username}</span>
        <time dateTime={comment.created_at}>
          {formatDistanceToNowStrict(new Date(comment.created_at), { addSuffix: true })}
        </time>
        {comment.edited_at && <span>(edited)</span>}
        {own && !editing && (
          <span className="ml-auto flex">
            <IconButton
              icon={Pencil}
              label="Edit comment"
              className="size-7"
              onClick={() => setEditing(true)}
            />
            <IconButton
              icon={Trash2}
              destructive
              label="Delete comment"
              className="size-7"
              disabled={remove.isPending}
              onClick={() => remove.mutate(comment.id)}
            />
          </span>
        )}
      </div>
      {editing ? (
        <CommentEditor
          label="Edit comment"
          initial={comment.body}
          submitLabel="Save comment"
          pending={update.isPending}
          onCancel={() => setEditing(false)}
          onSubmit={(body) => update.mutate({ id: comment.id, body }, { onSuccess: () => setEditing(false) })}
        />
      ) : (
        <CommentBody body={comment.body} />
      )}
    </li>
  );
}

/** A shared task's comments in its dialog, oldest first; those who may edit the task may comment. */
export function TaskComments({ task, canComment }: { task: Task; canComment: boolean }) {
  const headingId = useId();
  const comments = useQuery(sharingQueries.comments(task.id));
  const create = useCreateComment(task.id);
  return (
    <section aria-labelledby={headingId} className="grid gap-2 border-t pt-4">
      <h3 id={headingId} className="text-sm font-semibold">
        Comments
      </h3>
      {comments.isPending ? (
        <p className="text-sm text-muted-foreground">Loading comments…</p>
      ) : comments.isError ? (
        <p className="text-sm text-destructive">Comments could not be loaded.</p>
      ) : comments.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No comments yet.</p>
      ) : (
        <ul className="grid gap-2">
          {comments.data.map((comment) => (
            <CommentItem key={comment.id} comment={comment} taskId={task.id} />
          ))}
        </ul>
      )}
      {canComment && (
        <CommentEditor
          label="New comment"
          submitLabel="Comment"
          pending={create.isPending}
          onSubmit={(body, clear) => create.mutate(body, { onSuccess: clear })}
        />
      )}
    </section>
  );
}
