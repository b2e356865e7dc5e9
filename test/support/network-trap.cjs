'use strict';
/**
 * No network, ever: preload with `node -r ./test/support/network-trap.cjs` (or NODE_OPTIONS) and
 * every way out of the process — TCP, TLS, HTTP(S), HTTP/2, fetch, WebSocket, DNS, UDP, listening
 * servers — records the attempt (one JSON line) in the file named by HPA_NETWORK_TRAP_LOG and
 * throws. Stdio pipes and IPC channels do not connect, so a language server on stdio is unaffected.
 */
const fs = require('node:fs');
const { URL } = require('node:url');

const LOG = process.env.HPA_NETWORK_TRAP_LOG;

function record(what, detail) {
  const stack = (new Error().stack || '')
    .split('\n')
    .slice(3, 8)
    .map((l) => l.trim());
  const line = JSON.stringify({
    what,
    detail: describe(detail),
    pid: process.pid,
    argv: process.argv.slice(1),
    stack,
  });
  if (LOG) {
    try {
      fs.appendFileSync(LOG, `${line}\n`);
    } catch {
      // The log is the test's business; the throw below still stops the connection.
    }
  }
  const error = new Error(`network-trap: ${what} blocked (${describe(detail)})`);
  error.code = 'ENETWORKTRAP';
  throw error;
}

function describe(value) {
  try {
    if (typeof value === 'string') return value;
    if (value instanceof URL) return value.href;
    if (value && typeof value === 'object') {
      if (typeof value.url === 'string') return value.url;
      return JSON.stringify({
        host: value.host,
        hostname: value.hostname,
        port: value.port,
        path: value.path,
      });
    }
    return String(value);
  } catch {
    return '?';
  }
}

function trap(target, name, what) {
  if (!target || typeof target[name] !== 'function') return;
  target[name] = function trapped(first) {
    return record(what || name, first);
  };
}

const net = require('node:net');
trap(net, 'connect', 'net.connect');
trap(net, 'createConnection', 'net.createConnection');
trap(net.Socket.prototype, 'connect', 'net.Socket.connect');
trap(net.Server.prototype, 'listen', 'net.Server.listen');

const tls = require('node:tls');
trap(tls, 'connect', 'tls.connect');

for (const moduleName of ['node:http', 'node:https']) {
  const http = require(moduleName);
  trap(http, 'request', `${moduleName.slice(5)}.request`);
  trap(http, 'get', `${moduleName.slice(5)}.get`);
}
trap(require('node:http2'), 'connect', 'http2.connect');

const dns = require('node:dns');
for (const name of Object.keys(dns)) {
  if (/^(lookup|lookupService|resolve\w*|reverse)$/.test(name)) trap(dns, name, `dns.${name}`);
}
for (const name of Object.keys(dns.promises)) {
  if (/^(lookup|lookupService|resolve\w*|reverse)$/.test(name))
    trap(dns.promises, name, `dns.promises.${name}`);
}
trap(dns.Resolver && dns.Resolver.prototype, 'resolve', 'dns.Resolver.resolve');

const dgram = require('node:dgram');
trap(dgram, 'createSocket', 'dgram.createSocket');
trap(dgram.Socket && dgram.Socket.prototype, 'send', 'dgram.send');
trap(dgram.Socket && dgram.Socket.prototype, 'bind', 'dgram.bind');

if (typeof globalThis.fetch === 'function') trap(globalThis, 'fetch', 'fetch');
if (typeof globalThis.WebSocket === 'function') {
  globalThis.WebSocket = function WebSocket(url) {
    return record('WebSocket', url);
  };
}
if (typeof globalThis.EventSource === 'function') {
  globalThis.EventSource = function EventSource(url) {
    return record('EventSource', url);
  };
}
