/**
 * Debian's nginx, which serves the build to the browser tests and the deploy tests (scripts/nginx-server.ts),
 * and its brotli module. NGINX_PATH and NGINX_BROTLI_MODULE point elsewhere on other machines.
 * Apart from the server script so that the tool check (scripts/test-tools.ts) loads no npm package.
 */
export const nginxPath = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Debian's libnginx-mod-http-brotli-static: sends the build's .br files. */
export const brotliModule = process.env.NGINX_BROTLI_MODULE ?? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
