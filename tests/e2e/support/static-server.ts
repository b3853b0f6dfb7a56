// The built site served like the production host, for the browser tests: the product's own
// loopback server (src/site/static-server.ts), which npm run audit uses too.
export { type StaticServer, type StaticServerOptions, startStaticServer } from "../../../src/site/static-server.ts";
