// The built site served like the production host, for the browser tests: the product's own
// loopback server (scripts/audit/static-server.ts), which npm run audit uses too.
export {
  type StaticServer,
  type StaticServerOptions,
  startStaticServer,
} from "../../../scripts/audit/static-server.ts";
