import { redirect } from "react-router";
import type { Route } from "./+types/inbox";

// /inbox, the consultant's inbox before conversations (issue 13): its messages are the Received
// view of /messages now. Old links and bookmarks keep working (the page number comes along).

export function loader({ request }: Route.LoaderArgs) {
  const page = new URL(request.url).searchParams.get("page");
  const paged = page && /^[1-9]\d{0,5}$/.test(page) ? `&page=${page}` : "";
  return redirect(`/messages?box=received${paged}`, 301);
}
