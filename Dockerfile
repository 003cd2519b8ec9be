# reelbot: the production path of docs/operations.md ("Running in production"), in two stages.
# The build stage compiles TypeScript (and SQLite's native module); the runtime stage holds only dist/,
# production dependencies and Node, and runs as the unprivileged `node` user.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# sqlite3 builds its native module when no prebuilt binary matches.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build
RUN npm prune --omit=dev

FROM node:20-bookworm-slim
ENV NODE_ENV=production PORT=3000 STORE_URL=sqlite:///data/reelbot.sqlite
# Node runs with V8's memory defaults. To trade CPU for memory, set NODE_OPTIONS (docs/operations.md, "Memory", has
# the measured effect), e.g. ENV NODE_OPTIONS="--max-semi-space-size=2 --max-old-space-size=128": the
# young-generation cap took idle RSS from ~131 to ~109 MB, both flags took RSS after a burst from ~220 to
# ~130 MB; past the old-space cap the process aborts, so size it to your busiest heap.
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./package.json
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
# The SQLite store and the generated encryption key live here: back them up together.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# /healthz answers 503 when the store or a platform connection is down.
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1's only child of interest: it handles SIGTERM itself and exits within 10 s.
STOPSIGNAL SIGTERM
CMD ["node", "dist/main.js"]
