import { redirect } from "react-router";

// Success Stories left the navigation (issue 36): the directory has no stories it can vouch for, and
// a page of invented ones undid the trust the rest of the site earns. A bookmark or an old link
// still lands somewhere useful: the guides.
export function loader() {
  return redirect("/resources", 301);
}
