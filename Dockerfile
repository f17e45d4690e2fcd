# Tasklane: the web app and the API server in one image.
#
#   docker build -t tasklane .
#   docker run -p 3000:3000 -v tasklane-data:/data tasklane
#
# BASE_IMAGE is any Debian-based image with Node.js 24 and npm on the PATH (scripts/
# container-test.sh builds one from Debian packages and the Node.js 24 CI runs on). The web app's
# build-time settings are build arguments: VITE_MAIL_DOMAIN (match the server's MAIL_DOMAIN),
# VITE_INBOUND_SENDER_POLICY, VITE_FOOTER_LINKS.
ARG BASE_IMAGE=node:24-bookworm-slim

# ---- build: every dependency, the web app (dist/) and the server (dist-server/) ------------------
FROM ${BASE_IMAGE} AS build
WORKDIR /app
# better-sqlite3 compiles its binding when no prebuilt binary can be downloaded for this Node.
RUN if ! command -v python3 >/dev/null || ! command -v make >/dev/null || ! command -v g++ >/dev/null; then \
      apt-get update \
      && apt-get install -y --no-install-recommends python3 make g++ \
      && rm -rf /var/lib/apt/lists/*; \
    fi
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
# node-gyp uses the headers that come with this Node (node:* images ship them) instead of
# downloading them, which also works where only the npm registry is reachable. --prefer-offline:
# a build lent an npm cache at /root/.npm (CI's: podman build -v ~/.npm:/root/.npm:O) takes the
# packages from it instead of the registry; without one, everything is downloaded as usual.
RUN nodedir="$(dirname "$(dirname "$(command -v node)")")"; \
    if [ -f "$nodedir/include/node/node.h" ]; then export npm_config_nodedir="$nodedir"; fi; \
    npm ci --prefer-offline --no-audit --no-fund
COPY . .
ARG VITE_MAIL_DOMAIN
ARG VITE_INBOUND_SENDER_POLICY
ARG VITE_FOOTER_LINKS
RUN npm run build \
    && npm prune --omit=dev --no-audit --no-fund \
    && rm -rf node_modules/.cache

# ---- runtime: the build and the production dependencies only ------------------------------------
FROM ${BASE_IMAGE} AS runtime
WORKDIR /app
RUN groupadd --gid 10001 tasklane \
    && useradd --uid 10001 --gid tasklane --create-home --shell /usr/sbin/nologin tasklane \
    && mkdir -p /data \
    && chown tasklane:tasklane /data
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-server ./dist-server
COPY --from=build /app/scripts/build-cache.mjs /app/scripts/start.mjs /app/scripts/admin.mjs ./scripts/
COPY LICENSE CHANGELOG.md README.md ./

# Listen on every interface of the container; the data lives in the volume.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    INBOUND_SMTP_HOST=0.0.0.0 \
    INBOUND_SMTP_PORT=2525 \
    DATA_DIR=/data
VOLUME ["/data"]
EXPOSE 3000 2525
USER tasklane

# /health: the process serves HTTP (it does not touch the database). Node's fetch, no curl needed.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# The admin CLI: docker exec <container> node dist-server/admin.mjs <command>
CMD ["node", "dist-server/main.mjs"]
