/**
 * An npm registry on 127.0.0.1 that serves one package, hpa-lint, from the tarball
 * scripts/packageCli.mjs wrote: the README's recipes name `hpa-lint@<version>` as users get it from
 * the public registry (npx, npm install --global, pre-commit's additional_dependencies), and this
 * lets a test run them word for word without the network. It answers the two requests npm makes for
 * a package (its document, then the tarball) and 404 to anything else; every path asked is kept, so
 * a test can see that nothing else was looked up. The test that starts it closes it.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { execFileSync } from 'node:child_process';

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/`, for npm_config_registry. */
  url: string;
  /** The paths npm asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

/** The package.json inside an npm tarball. */
function packedManifest(tarball: string): Record<string, unknown> {
  const text = execFileSync('tar', ['xzOf', tarball, 'package/package.json'], { encoding: 'utf8' });
  return JSON.parse(text) as Record<string, unknown>;
}

export async function startRegistry(tarball: string): Promise<LocalRegistry> {
  const bytes = readFileSync(tarball);
  const manifest = packedManifest(tarball);
  const name = manifest.name as string;
  const version = manifest.version as string;
  const tarballPath = `/${name}/-/${name}-${version}.tgz`;
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent((req.url ?? '/').split('?')[0]!);
    requests.push(path);
    if (req.method === 'GET' && path === `/${name}`) {
      const { port } = server.address() as AddressInfo;
      const document = {
        name,
        'dist-tags': { latest: version },
        versions: {
          [version]: {
            ...manifest,
            _id: `${name}@${version}`,
            dist: {
              tarball: `http://127.0.0.1:${port}${tarballPath}`,
              integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
              shasum: createHash('sha1').update(bytes).digest('hex'),
            },
          },
        },
      };
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(document));
    } else if (req.method === 'GET' && path === tarballPath) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': bytes.length });
      res.end(bytes);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve()))),
  };
}

/** npm's environment for a run against `registry`: its own cache and global prefix under `home`, no audit, no fund, no update check. */
export function registryEnv(registry: LocalRegistry, home: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    npm_config_registry: registry.url,
    npm_config_cache: `${home}/npm-cache`,
    npm_config_prefix: `${home}/npm-global`,
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    npm_config_update_notifier: 'false',
    npm_config_loglevel: 'error',
    PATH: `${home}/npm-global/bin:${process.env.PATH ?? ''}`,
  };
}
