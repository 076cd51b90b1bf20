/**
 * The reference for the anonymous-page throughput figure: sirv, a small static file server, in its
 * own process, serving a folder holding the home page's bytes as our server sends them (plain,
 * gzip and brotli copies), so both answer with the same bytes. Usage: node bench/sirv-server.mjs DIR PORT
 */
import http from "node:http";
import sirv from "sirv";

const [dir, port] = process.argv.slice(2);
const serve = sirv(dir, { etag: true, gzip: true, brotli: true });
http.createServer(serve).listen(Number(port), "127.0.0.1", () => console.log("ready"));
