#!/usr/bin/env bash
# Builds the container image from ./Dockerfile with podman and tries it as an operator would:
# start it with a volume, wait for /ready, register (the verification code comes from the
# container's log, as without SMTP_URL), create a task, restart the container, find the task.
#
# Registry base images may be out of reach (only the npm registry and Debian's mirrors are), so
# the base image is built here from Debian packages (mmdebstrap, the suite of this machine) plus
# the Node.js and npm first on this shell's PATH (Node.js 24: .ci/run puts the one it runs every
# step with there), and passed to the Dockerfile as BASE_IMAGE. So the image tested is built and
# run on the Node.js the rest of CI tests with, the major the Dockerfile's default base ships.
#
#   bash scripts/container-test.sh               # needs podman, mmdebstrap and runc; run as root
#   BASE_IMAGE=node:24-bookworm-slim bash scripts/container-test.sh   # a pullable base instead
#   CONTAINER_TEST_IMAGE=<name> bash scripts/container-test.sh --build-only   # build it, keep it
#   CONTAINER_TEST_IMAGE=<name> bash scripts/container-test.sh --built        # try it, remove it
#
# CI builds the image in the background while the tests run (--build-only) and tries it at the
# end (--built), so only the start, register, restart part is left on the critical path.
# NPM_CACHE (default: npm's own cache on this machine) is lent to the build's `npm ci` as an
# overlay (podman build -v …:O: read from, its writes thrown away): the packages CI's own npm ci
# just fetched are not downloaded again. A plain `podman build`/`docker build` needs no cache.
#
# The base is kept as localhost/tasklane-test-base:<suite>-node<version> and reused by the next
# run on that Node.js (REBUILD_BASE=1 builds it again); the container, its volume and the test
# image are removed.
set -euo pipefail

mode=${1:-all}
case "$mode" in
  all | --build-only | --built) ;;
  *) echo "usage: $0 [--build-only | --built]" >&2 && exit 2 ;;
esac

cd "$(dirname "${BASH_SOURCE[0]}")/.."
started_at=$SECONDS

step() {
  printf '[container-test %3ds] %s\n' $((SECONDS - started_at)) "$*"
}
fail() {
  echo "container-test: FAILED: $*" >&2
  exit 1
}

for tool in podman curl node; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed"
done
node_version=$(node --version)
# The major of the Dockerfile's default base image (node:24-…): the image ships on it.
node_major=$(sed -n 's/^ARG BASE_IMAGE=node:\([0-9]*\).*/\1/p' Dockerfile)
[ -n "$node_major" ] || fail "the Dockerfile names no node:<major> base image"
[ "${node_version%%.*}" = "v$node_major" ] ||
  fail "node on the PATH is $node_version, the Dockerfile's base image Node.js $node_major (.ci/run puts Node.js $node_major first on the PATH)"

run_id="tasklane-ct-$$"
work=$(mktemp -d "${TMPDIR:-/tmp}/$run_id.XXXXXX")
container="$run_id"
volume="$run_id-data"
image="${CONTAINER_TEST_IMAGE:-localhost/tasklane:$run_id}"

# Podman without systemd reports on every run, restart and removal that it cannot set up a timer
# for the health check; the check itself runs when asked (podman healthcheck run). Noise, dropped.
podman_quiet() {
  podman "$@" 2> >(grep -v 'unable to get systemd connection' >&2)
}

cleanup() {
  local status=$?
  if [ "$status" -ne 0 ] && podman container exists "$container" 2>/dev/null; then
    echo "--- last lines of the container's log ---" >&2
    podman logs --tail 40 "$container" >&2 2>&1 || true
  fi
  podman rm --force --time 5 "$container" >/dev/null 2>&1 || true
  podman volume rm --force "$volume" >/dev/null 2>&1 || true
  # --build-only keeps the image it built for --built.
  if [ "$mode" != --build-only ] || [ "$status" -ne 0 ]; then
    podman rmi --force "$image" >/dev/null 2>&1 || true
  fi
  # The build stage's image: untagged, made by this run.
  if [ -f "$work/dangling-before" ]; then
    for stage in $(podman images --quiet --filter dangling=true 2>/dev/null); do
      grep -qx "$stage" "$work/dangling-before" || podman rmi --force "$stage" >/dev/null 2>&1 || true
    done
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT

# --- podman's settings for this machine ------------------------------------------------------------
# Podman's defaults raise the container's open-file and process limits and use crun; inside a
# container or VM without CAP_SYS_RESOURCE, or on hybrid cgroups, that fails ("setrlimit …
# Operation not permitted", "cgroups in hybrid mode not supported"). Then the same run uses runc
# and limits no higher than this shell's.
if [ -z "${BASE_IMAGE:-}" ]; then
  suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")
  base_image="localhost/tasklane-test-base:$suite-node${node_version#v}"
else
  base_image="$BASE_IMAGE"
fi

use_compatible_settings() {
  command -v runc >/dev/null 2>&1 || fail "podman cannot start containers here and runc is not installed"
  local nofile nproc
  nofile=$(ulimit -Hn)
  [ "$nofile" = unlimited ] && nofile=1048576
  nproc=$(ulimit -Hu)
  { [ "$nproc" = unlimited ] || [ "$nproc" -gt 16384 ]; } && nproc=16384
  cat >"$work/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
[engine]
runtime = "runc"
EOF
  export CONTAINERS_CONF="$work/containers.conf"
}

# --- the base image ----------------------------------------------------------------------------
build_base() {
  command -v mmdebstrap >/dev/null 2>&1 || fail "mmdebstrap is not installed (apt-get install mmdebstrap)"
  local node_bin npm_dir node_include
  node_bin=$(readlink -f "$(command -v node)")
  npm_dir=$(dirname "$(dirname "$(readlink -f "$(command -v npm)")")")
  node_include="$(dirname "$(dirname "$node_bin")")/include/node"
  # npm as nodejs.org and NodeSource ship it, its own dependencies inside (Debian's npm package
  # spreads them over /usr/share/nodejs and cannot be copied this way).
  [ -f "$npm_dir/package.json" ] && [ -d "$npm_dir/node_modules" ] ||
    fail "cannot find a self-contained npm (looked at $npm_dir)"
  step "Building the base image $base_image: Debian $suite (minbase) + node $(node --version) + npm $(npm --version)"
  local hooks=(
    --customize-hook='mkdir -p "$1/usr/local/bin" "$1/usr/local/lib/node_modules" "$1/usr/local/include" "$1/usr/local/etc"'
    --customize-hook="copy-in $node_bin /usr/local/bin"
    --customize-hook="copy-in $npm_dir /usr/local/lib/node_modules"
    --customize-hook='ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$1/usr/local/bin/npm"'
    --customize-hook='ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$1/usr/local/bin/npx"'
    # This machine's trust store: a TLS-inspecting proxy's CA (if any) must be trusted inside too.
    --customize-hook='upload /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt'
    --customize-hook='echo "cafile=/etc/ssl/certs/ca-certificates.crt" > "$1/usr/local/etc/npmrc"'
    --customize-hook='chroot "$1" node --version'
  )
  # The headers let node-gyp build better-sqlite3 without downloading them (as node:* images do).
  if [ -f "$node_include/node.h" ]; then
    hooks+=(--customize-hook="copy-in $node_include /usr/local/include")
  fi
  local npm_name
  npm_name=$(basename "$npm_dir")
  [ "$npm_name" = npm ] || fail "npm's directory is named $npm_name, expected npm"
  mmdebstrap --quiet --variant=minbase --include=ca-certificates,python3,make,g++ "${hooks[@]}" \
    "$suite" "$work/base.tar" || fail "mmdebstrap could not build the base image"
  podman import --quiet --change 'CMD ["/bin/bash"]' "$work/base.tar" "$base_image" >/dev/null
  rm -f "$work/base.tar"
}

if [ "$mode" = --built ]; then
  podman image exists "$image" || fail "no image $image: build it first with --build-only"
  # A container of the image built earlier tells which settings this machine needs.
  probe=(--entrypoint node "$image" --version)
else
  if [ -z "${BASE_IMAGE:-}" ] && { [ -n "${REBUILD_BASE:-}" ] || ! podman image exists "$base_image"; }; then
    build_base
  fi
  podman image exists "$base_image" || podman pull --quiet "$base_image" >/dev/null ||
    fail "no base image $base_image"
  probe=("$base_image" node --version)
fi

if ! podman_quiet run --rm --network=host "${probe[@]}" >/dev/null 2>&1; then
  use_compatible_settings
  podman_quiet run --rm --network=host "${probe[@]}" >/dev/null ||
    fail "podman cannot start a container here"
  step "Using runc and this shell's resource limits (podman's defaults cannot start containers here)"
fi

# --- the image ---------------------------------------------------------------------------------
build_image() {
  step "Building the image $image (BASE_IMAGE=$base_image)"
  # Host networking: the build's npm ci reaches the registry without a container network (none
  # may be configured), and the test reaches the server on a free port of this machine.
  # The docker format keeps the HEALTHCHECK (the OCI format has no field for it).
  local npm_cache=${NPM_CACHE:-$(npm config get cache 2>/dev/null || true)} cache_volume=()
  # Only where this podman mounts overlays (with no cache the build downloads, as it always can).
  if [ -n "$npm_cache" ] && [ -d "$npm_cache/_cacache" ] &&
    podman_quiet run --rm --network=host --volume "$npm_cache:/root/.npm:O" "$base_image" true >/dev/null 2>&1; then
    cache_volume=(--volume "$npm_cache:/root/.npm:O")
    step "The build's npm ci reads this machine's npm cache ($npm_cache)"
  fi
  podman images --quiet --filter dangling=true >"$work/dangling-before"
  if ! podman build --network=host --format docker --force-rm --build-arg "BASE_IMAGE=$base_image" \
    "${cache_volume[@]}" --tag "$image" --file Dockerfile . >"$work/build.log" 2>&1; then
    tail -n 60 "$work/build.log" >&2
    fail "the image did not build"
  fi
  sed -n 's/^added \(.*\)/npm ci in the build: added \1/p' "$work/build.log"

  local healthcheck user volumes image_node
  healthcheck=$(podman image inspect --format '{{json .Config.Healthcheck}}' "$image")
  user=$(podman image inspect --format '{{.Config.User}}' "$image")
  volumes=$(podman image inspect --format '{{json .Config.Volumes}}' "$image")
  [[ "$healthcheck" == *"/health"* ]] || fail "the image has no HEALTHCHECK on /health: $healthcheck"
  [ -n "$user" ] && [ "$user" != root ] && [ "$user" != 0 ] || fail "the image runs as root"
  [[ "$volumes" == *'"/data"'* ]] || fail "the image declares no volume /data: $volumes"
  [ -z "$(podman_quiet run --rm --network=host --entrypoint sh "$image" -c 'ls node_modules/vite node_modules/react 2>/dev/null')" ] ||
    fail "the runtime image holds build-only packages"
  image_node=$(podman_quiet run --rm --network=host --entrypoint node "$image" --version)
  [ "${image_node%%.*}" = "v$node_major" ] || fail "the image runs Node.js $image_node, not $node_major"
  step "Image built: Node.js $image_node, user $user, volume /data, health check on /health, no build-only packages"
}

if [ "$mode" != --built ]; then
  build_image
fi
if [ "$mode" = --build-only ]; then
  exit 0
fi

# --- start it ------------------------------------------------------------------------------------
port=$(node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { process.stdout.write(String(s.address().port)); s.close(); });')
base_url="http://127.0.0.1:$port"
podman volume create "$volume" >/dev/null

start_container() {
  podman_quiet run --detach --name "$container" --network=host \
    --env "PORT=$port" --env "INBOUND_SMTP_PORT=0" --env "PUBLIC_URL=$base_url" \
    --volume "$volume:/data" "$image" >/dev/null
}

wait_ready() {
  local deadline=$((SECONDS + 60))
  until curl -fsS -o /dev/null "$base_url/ready" 2>/dev/null; do
    [ "$(podman inspect --format '{{.State.Running}}' "$container")" = true ] || fail "the container stopped"
    [ "$SECONDS" -lt "$deadline" ] || fail "$base_url/ready did not answer 200 within 60 s"
    sleep 0.2
  done
}

json_field() { # json_field <field> reads JSON on stdin, prints one top-level field
  node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => {
    const value = JSON.parse(s)[process.argv[1]];
    process.stdout.write(typeof value === "string" ? value : JSON.stringify(value));
  });' "$1"
}

start_container
wait_ready
step "Ready at $base_url"

version=$(node -p 'require("./package.json").version')
health=$(curl -fsS "$base_url/health")
[ "$(printf '%s' "$health" | json_field version)" = "$version" ] || fail "/health answered $health, expected version $version"
robots_type=$(curl -fsS -o /dev/null -w '%{content_type}' "$base_url/robots.txt")
[[ "$robots_type" == text/plain* ]] || fail "/robots.txt is $robots_type, not text/plain"
[[ "$(curl -fsS "$base_url/")" == *'<div id="root">'* ]] || fail "/ does not answer the web app"
podman_quiet healthcheck run "$container" >/dev/null || fail "the image's health check failed"
[ "$(podman exec "$container" id -u)" != 0 ] || fail "the server runs as root"
step "/health says $version, /robots.txt is text, / is the web app, the health check passes, not root"

# --- register, create a task ---------------------------------------------------------------------
email="container-test@example.com"
password="Quiet-Harbor-Lantern-42"
post() { # post <path> <json> [token]
  curl -fsS -X POST "$base_url$1" -H 'content-type: application/json' ${3:+-H "authorization: Bearer $3"} --data "$2"
}

post /auth/send-verification "{\"email\":\"$email\"}" >/dev/null || fail "send-verification failed"
code=""
for _ in $(seq 1 50); do
  code=$(podman logs "$container" 2>&1 | sed -n "s/.*Verification code for $email: \([0-9]\{6\}\).*/\1/p" | tail -1)
  [ -n "$code" ] && break
  sleep 0.1
done
[ -n "$code" ] || fail "no verification code for $email in the container's log"
token=$(post /auth/register "{\"email\":\"$email\",\"verification_code\":\"$code\",\"username\":\"containertest\",\"password\":\"$password\"}" |
  json_field token) || fail "register failed"
[ -n "$token" ] || fail "register answered no token"
title="Renew the passport before the trip"
post /api/v1/tasks "{\"title\":\"$title\"}" "$token" >/dev/null || fail "creating a task failed"
step "Registered $email (code from the log) and created a task"

# --- restart, find the task ------------------------------------------------------------------------
podman_quiet restart --time 10 "$container" >/dev/null
wait_ready
tasks=$(curl -fsS "$base_url/api/v1/tasks" -H "authorization: Bearer $token") || fail "listing tasks after the restart failed"
[[ "$tasks" == *"$title"* ]] || fail "the task is gone after the restart: $tasks"
login=$(post /auth/login "{\"email\":\"$email\",\"password\":\"$password\"}" | json_field token) || fail "login after the restart failed"
[ -n "$login" ] || fail "login after the restart answered no token"
users=$(podman exec "$container" node dist-server/admin.mjs list-users) || fail "the admin CLI failed"
[[ "$users" == *"$email"* ]] || fail "the admin CLI does not list $email: $users"
step "After a restart: the session, the task and the account are there (admin CLI lists it)"

step "PASSED"
