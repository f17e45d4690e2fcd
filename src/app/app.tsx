import { BrowserRouter } from "react-router-dom";
import { UpdatePrompt } from "@/components/layout/update-prompt";
import { AppRoutes } from "./router";

export function App() {
  return (
    <BrowserRouter>
      <AppRoutes />
      <UpdatePrompt />
    </BrowserRouter>
  );
}
