// @11ty/eleventy-dev-server ships no types; this declares the part src/eleventy/dev-server.ts replaces.
declare module "@11ty/eleventy-dev-server" {
  import type { Server } from "node:http";
  export default class EleventyDevServer {
    server: Server;
    _serverListen(port: number): void;
  }
}
