import { index, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("consultant/:id", "routes/consultant.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
