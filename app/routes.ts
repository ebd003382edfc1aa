import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("sign-in", "routes/sign-in.tsx"),
  route("auth/logout", "routes/auth-logout.ts"),
  route("verify-email", "routes/verify-email.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("about", "routes/pages/about.tsx"),
  // Success Stories left the navigation (issue 36): an old link goes on to the guides.
  route("success-stories", "routes/pages/success-stories.ts"),
  route("resources", "routes/pages/resources.tsx"),
  route("resources/:slug", "routes/pages/resource-guide.tsx"),
  route("help-center", "routes/pages/help-center.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy-policy", "routes/pages/privacy-policy.tsx"),
  route("consultant/:id/message", "routes/consultant-message.tsx"),
  route("consultant/:id", "routes/consultant.tsx"),
  route("shortlists/shared/:token", "routes/shortlist-shared.tsx"),
  route("references/:token", "routes/reference.tsx"),
  route("saved-searches/unsubscribe", "routes/saved-search-unsubscribe.tsx"),
  // The pages that need a signed-in person: one guard, one signed-out state.
  layout("routes/signed-in-layout.tsx", [
    route("profile/manage", "routes/profile-manage.tsx"),
    route("profile/new", "routes/profile-form.tsx", { id: "profile-new" }),
    route("profile/edit/:id", "routes/profile-form.tsx", { id: "profile-edit" }),
    route("my-consultant-profile", "routes/my-consultant-profile.tsx"),
    route("messages", "routes/messages.tsx"),
    route("messages/:id", "routes/messages-conversation.tsx"),
    route("shortlists", "routes/shortlists.tsx"),
    route("shortlists/add", "routes/shortlists.tsx", { id: "shortlists-add" }),
    route("shortlists/:id", "routes/shortlist.tsx"),
    route("saved-searches", "routes/saved-searches.tsx"),
    route("inbox", "routes/inbox.tsx"),
    route("inbox/:id", "routes/inbox-message.tsx"),
    route("admin", "routes/admin.tsx"),
  ]),
  route("*", "routes/pages/not-found.tsx"),
] satisfies RouteConfig;
