# One Dockerfile for every service. Build one image per service with the directory name:
#
#   docker build --build-arg NODE_VERSION=$(cat .node-version) --build-arg SERVICE=g-canonical --build-arg PORT=8087 \
#     --build-arg HEALTH_PATH=/canonical-digest-api/health -t dus/g-canonical .
#
# docker-compose.yml passes these three arguments for all eight services.
#
# Stages: `base` (Node + pnpm) -> `manifests` (only the files that decide the install) ->
# `build` (install, compile the service and its workspace dependencies, `pnpm deploy` a self-contained
# folder with production dependencies only) -> `runtime` (that folder, nothing else, as a non-root user).

# The Node of every stage: the repository's `.node-version`, the one `npm start` and CI run
# (packages/deploy/test holds the two equal; docker-compose.yml passes it from that file).
ARG NODE_VERSION=24.21.0

FROM node:${NODE_VERSION}-bookworm-slim AS base
# corepack's pnpm download fails its signature check on some machines; npm is reliable.
RUN npm install -g pnpm@10.34.9 && npm cache clean --force
ENV CI=true \
    TURBO_TELEMETRY_DISABLED=1 \
    TURBO_NO_UPDATE_NOTIFIER=1 \
    DO_NOT_TRACK=1
WORKDIR /repo

# Only the manifests and the lockfile, so that a source change does not invalidate the install layer
# (and so that the install layer is shared by the images of all eight services).
FROM base AS manifests
COPY . /src
RUN mkdir /manifests \
 && cd /src \
 && find . -name node_modules -prune -o -type f \
      \( -name package.json -o -name pnpm-lock.yaml -o -name pnpm-workspace.yaml -o -name .npmrc \) \
      -exec cp --parents {} /manifests/ \;

FROM base AS build
COPY --from=manifests /manifests/ ./
RUN pnpm install --frozen-lockfile
COPY . .
# Declared after the install on purpose: a different SERVICE must not invalidate the shared install layer.
ARG SERVICE
ARG PORT
RUN test -n "$SERVICE" || { echo "build arg SERVICE is required (e.g. g-canonical)" >&2; exit 1; } \
 && test -f "services/$SERVICE/package.json" || { echo "no such service: services/$SERVICE" >&2; exit 1; } \
 && node -e "const p=require('./services/'+process.env.SERVICE+'/package.json'); \
      if (p.name!=='@dus/'+process.env.SERVICE) { console.error('unexpected package name '+p.name); process.exit(1); } \
      if (process.env.PORT && String(p.service?.port)!==process.env.PORT) { \
        console.error('build arg PORT='+process.env.PORT+' but '+p.name+' declares port '+p.service?.port); process.exit(1); }"
# The service and every workspace package it depends on (@dus/core, @dus/mcp), compiled to dist/.
RUN pnpm exec turbo run build --filter="@dus/${SERVICE}..." --output-logs=errors-only
# A self-contained folder: package.json, dist/ and node_modules with production dependencies only
# (workspace dependencies copied in with their dist/). pnpm 10 needs --legacy here because the
# workspace does not set inject-workspace-packages.
RUN pnpm --filter "@dus/${SERVICE}" deploy --prod --legacy /out \
 && rm -rf /out/test /out/.turbo

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ARG SERVICE
ARG PORT=8080
ARG HEALTH_PATH=/health
# MAX_HEAP_MB: the V8 heap cap of the process and of each worker thread (docs/conventions.md §11);
# orchestrations set it per service from measured memory (deploy/kubernetes). SHUTDOWN_DELAY_MS: how long
# /readyz answers 503 after SIGTERM while everything still serves, so load balancers stop sending first.
ARG MAX_HEAP_MB=512
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=${PORT} \
    HEALTH_PATH=${HEALTH_PATH} \
    LOG_LEVEL=info \
    MAX_HEAP_MB=${MAX_HEAP_MB} \
    SHUTDOWN_DELAY_MS=5000
LABEL org.opencontainers.image.title="dus/${SERVICE}"
WORKDIR /app
# Owned by root and only readable by the service user: the process cannot modify its own code.
COPY --from=build /out/ ./
USER node
EXPOSE ${PORT}
HEALTHCHECK --interval=15s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+process.env.PORT+process.env.HEALTH_PATH).then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"]
# The shell only expands MAX_HEAP_MB and then `exec`s: node is PID 1 and handles SIGTERM itself (drains
# for SHUTDOWN_DELAY_MS + SHUTDOWN_GRACE_MS, then exits 0). --no-allocation-site-pretenuring: measured on
# E `POST /vdot` under load, 5 KB promoted per scavenge instead of ~580 KB and ~10 % less CPU a request
# (README, "Containers"); V8 refuses it in NODE_OPTIONS, so it is an argument here.
STOPSIGNAL SIGTERM
CMD ["/bin/sh", "-c", "exec node --max-old-space-size=\"$MAX_HEAP_MB\" --no-allocation-site-pretenuring dist/server.js"]
