import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("sign-in", "routes/sign-in.tsx"),
  route("auth/logout", "routes/auth-logout.ts"),
  route("profile/manage", "routes/profile-manage.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("about", "routes/about.tsx"),
  route("success-stories", "routes/success-stories.tsx"),
  route("resources", "routes/resources.tsx"),
  route("help-center", "routes/help-center.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("consultant/:id/message", "routes/consultant-message.tsx"),
  route("inbox", "routes/inbox.tsx"),
  route("inbox/:id", "routes/inbox-message.tsx"),
  route("consultant/:id", "routes/consultant.tsx"),
  route("profile/new", "routes/profile-form.tsx", { id: "profile-new" }),
  route("profile/edit/:id", "routes/profile-form.tsx", { id: "profile-edit" }),
  route("my-consultant-profile", "routes/my-consultant-profile.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
