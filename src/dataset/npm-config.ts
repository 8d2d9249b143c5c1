/**
 * The npm configuration that `ginko update` talks to the registry with, read the way `npm config
 * get registry` reads it: `npm_config_*` environment variables over the project's `.npmrc`
 * (next to the nearest package.json), over the user's (`npm_config_userconfig` or
 * `~/.npmrc`), over the global one (`npm_config_globalconfig` or `<node prefix>/etc/npmrc`).
 * Keys are kept as written, so `//host/:_authToken` entries reach npm-registry-fetch for a
 * private registry. `${VAR}` in a value is taken from the environment, as npm does.
 */
import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'ini';

export const DEFAULT_REGISTRY = 'https://registry.npmjs.org/';

export interface NpmConfigPlaces {
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly home: string;
  /** The Node.js installation prefix (global npmrc in `<prefix>/etc/npmrc`). */
  readonly prefix: string;
}

export const processConfigPlaces = (): NpmConfigPlaces => ({ env: process.env, cwd: process.cwd(), home: homedir(), prefix: dirname(dirname(process.execPath)) });

function expand(value: string, env: NodeJS.ProcessEnv): string {
  return value.replace(/(\\*)\$\{([^}]+)\}/g, (whole, escapes: string, name: string) => (escapes.length % 2 ? whole.slice(1) : escapes + (env[name] ?? '')));
}

function readNpmrc(file: string, env: NodeJS.ProcessEnv): Record<string, string> {
  if (!existsSync(file)) return {};
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(parse(readFileSync(file, 'utf8')) as Record<string, unknown>)) {
    if (typeof value === 'string') out[key] = expand(value, env);
  }
  return out;
}

function projectDir(cwd: string): string {
  for (let dir = cwd; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return cwd;
  }
}

/** The merged configuration, highest layer last applied. */
export function npmConfig(places: NpmConfigPlaces): Record<string, string> {
  const { env } = places;
  const envValue = (name: string) => env[`npm_config_${name}`] ?? env[`NPM_CONFIG_${name.toUpperCase()}`];
  const fromEnv: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    const m = /^npm_config_(.+)$/i.exec(name);
    if (m && value !== undefined) fromEnv[m[1]!.toLowerCase()] = value;
  }
  return {
    ...readNpmrc(envValue('globalconfig') ?? join(places.prefix, 'etc', 'npmrc'), env),
    ...readNpmrc(envValue('userconfig') ?? join(places.home, '.npmrc'), env),
    ...readNpmrc(join(projectDir(places.cwd), '.npmrc'), env),
    ...fromEnv,
  };
}

/** The registry npm would use: `npm config get registry`. */
export function npmRegistry(config: Readonly<Record<string, string>>): string {
  const registry = config.registry?.trim();
  return registry ? withSlash(registry) : DEFAULT_REGISTRY;
}

export const withSlash = (url: string): string => (url.endsWith('/') ? url : `${url}/`);
