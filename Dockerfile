# syntax=docker/dockerfile:1
#
# The site as one image: the compiled server (apps/server/dist), the built web client
# (apps/web/dist), the migrations and the locales, on Node 20 with the server's production
# dependencies only, running as the unprivileged `node` user. docs/deploy.md explains the
# deployment; compose.yaml runs two instances of this image behind Caddy.
#
#   docker build -t dating-platform .
#   docker run -p 3000:3000 -v dating-data:/data dating-platform      # embedded database (demo)
#
# Debian bookworm (glibc): sharp's and @node-rs/argon2's prebuilt linux-x64/arm64 gnu binaries fit.
ARG NODE_IMAGE=node:20-bookworm-slim

# --- build: every dependency, then `npm run build` (Vite client + esbuild server) ---------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
# Browsers are for the end-to-end tests, never for the image.
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/public-site/package.json packages/public-site/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- deps: the server workspace's production dependencies only (no web client, no dev tools) ----
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/public-site/package.json packages/public-site/
RUN npm ci --omit=dev --workspace=@app/server --no-audit --no-fund && npm cache clean --force

# --- runtime ---------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
# pg_dump/pg_restore for `backup.js` (Debian bookworm: PostgreSQL 15 client, as the compose database).
RUN apt-get update \
  && apt-get install -y --no-install-recommends postgresql-client \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    NODE_OPTIONS=--max-old-space-size=384 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Code stays owned by root (read-only for the app); only /data is the node user's.
COPY --from=deps /app/package.json /app/package-lock.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/packages ./packages
COPY --from=deps /app/apps/web/package.json ./apps/web/package.json
COPY --from=build /app/apps/server/package.json ./apps/server/package.json
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/locales ./locales
RUN mkdir -p /data/photos /backups && chown -R node:node /data /backups
USER node
VOLUME ["/data"]
EXPOSE 3000
# Alive (no database): /healthz. Load balancers ask /readyz (database reachable, migrations applied).
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
