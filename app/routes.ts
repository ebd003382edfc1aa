import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("consultant/:id/message", "routes/consultant-message.tsx"),
  route("inbox", "routes/inbox.tsx"),
  route("inbox/:id", "routes/inbox-message.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
