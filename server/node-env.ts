// Libraries (React above all) choose their production or development build from NODE_ENV when
// they are first imported. server/config.ts defaults NODE_ENV to production; this module, the
// first that server/main.ts imports, makes the environment say so before any library loads, or
// `npm start` would render every page with React's development build (several times slower).
process.env.NODE_ENV ??= "production";
