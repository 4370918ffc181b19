# syntax=docker/dockerfile:1
# ListSync's image (README "Deployment"): build with `docker build -t listsync .` (or podman).
# Debian-based Node LTS, which satisfies package.json's engines (node >= 20.19). Nothing secret is
# baked in: every setting comes from the environment at run time (README "Configuration").
ARG NODE_IMAGE=node:22-bookworm-slim

# 1. All dependencies, exactly as locked.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund

# 2. The build: client, prerendered pages and server into dist/ (npm run build).
FROM deps AS build
COPY . .
RUN npm run build

# 3. Production dependencies only.
FROM ${NODE_IMAGE} AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 4. The runtime: the build, production dependencies, a non-root user.
FROM ${NODE_IMAGE} AS runtime
# Apertium, the local translation engine (README "Translating checklists for recipients"), is optional:
# --build-arg APERTIUM_PACKAGES="apertium apertium-eng-spa" installs it from Debian.
ARG APERTIUM_PACKAGES=""
# DejaVu Sans: the completion report's font, for names and tasks in any script (docs/decisions/0023).
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends fonts-dejavu-core $APERTIUM_PACKAGES \
    && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    APP_ENV=production \
    HOST=0.0.0.0 \
    PORT=5000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY scripts/start.mjs scripts/build-stamp.mjs ./scripts/
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 5000
# Ready means the database answers (GET /readyz, README "Operations"); Node's own fetch, no curl needed.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 5000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `npm start` runs (README "Quick start"), without npm in between: SIGTERM reaches the server.
CMD ["node", "scripts/start.mjs"]
