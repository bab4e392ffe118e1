import { spawn, spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/**
 * Debian's nginx (`apt-get install -y nginx-light`), started by the bench and the scale-out scripts with a
 * configuration of their own in a private folder (nothing of /etc/nginx is touched but mime.types), on
 * loopback, in the foreground; `stop` ends it and removes the folder.
 */
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx'

export type RunningNginx = { dir: string; stop: () => Promise<void> }

/** Where the shipped configuration lives (see the file's header for how it is rendered in production). */
export const SITE_TEMPLATE = path.resolve(import.meta.dirname, '../../deploy/nginx/coach.conf.template')

/**
 * The shipped configuration with its three per-machine values filled in, as `envsubst` would (only the
 * COACH_ variables: nginx's own `$host`-style variables are left as they are).
 */
export function renderSiteConfig(values: { listen: string; upstreams: string[]; cacheDir: string }): string {
  const vars: Record<string, string> = {
    COACH_LISTEN: values.listen,
    COACH_UPSTREAM_SERVERS: values.upstreams.map((u) => `server ${u};`).join(' '),
    COACH_CACHE_DIR: values.cacheDir,
  }
  return fs.readFileSync(SITE_TEMPLATE, 'utf8').replace(/\$\{(COACH_\w+)\}/g, (whole, name: string) => {
    const value = vars[name]
    if (value === undefined) throw new Error(`${SITE_TEMPLATE}: no value for ${whole}`)
    return value
  })
}

export function nginxInstalled(): boolean {
  return spawnSync(NGINX, ['-v']).status === 0
}

/**
 * Starts nginx with `http` holding the given server blocks (and whatever else belongs in the http context).
 * Its folder is readable by nginx's unprivileged workers; its logs, temporary files and caches stay in it.
 * With `upstreamLog`, `upstreams.log` in that folder gets a line per request: the instance that answered it
 * (`-` when the microcache did).
 */
export async function startNginx(
  name: string,
  http: (dir: string) => string,
  options: { upstreamLog?: boolean } = {},
): Promise<RunningNginx> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `coach-nginx-${name}-`))
  fs.chmodSync(dir, 0o755)
  const conf = `
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
daemon off;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  ${options.upstreamLog ? `log_format upstreams '$upstream_addr'; access_log ${dir}/upstreams.log upstreams;` : 'access_log off;'}
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${http(dir)}
}
`
  fs.writeFileSync(path.join(dir, 'nginx.conf'), conf)
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', path.join(dir, 'nginx.conf')], { encoding: 'utf8' })
  if (check.status !== 0) throw new Error(`nginx refuses the configuration:\n${check.stderr}\n${conf}`)
  const child = spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  // nginx writes its pid file once it listens.
  const deadline = Date.now() + 10_000
  while (!fs.existsSync(path.join(dir, 'nginx.pid'))) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`nginx did not start: ${stderr}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  return {
    dir,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGQUIT')
      await exited
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
