#!/usr/bin/env bash
# Build deploy/Containerfile with Podman and run the image: it answers, runs as user 10001, and on
# SIGTERM lets the requests in flight finish and exits 0. Run as root from anywhere:
#   apt-get install -y podman runc debootstrap && bash deploy/build-check.sh
# Two things of this project's machines are worked around, and only here:
# - no container registry is reachable, so the base image is made locally: Debian bookworm (the
#   Debian of the python:*-slim-bookworm images) with Python 3 and venv, from Debian's mirror,
#   passed with --build-arg BASE=...;
# - the VM forbids setting RLIMIT_NPROC inside a container and mounts cgroups in hybrid mode, which
#   crun refuses: runc, no default ulimits, cgroupfs.
# Every wait is bounded; the container is removed at the end, the images stay (a rerun is quick).
set -euo pipefail
cd "$(dirname "$0")/.."
BASE=localhost/miniserve-base:bookworm
IMAGE=localhost/miniserve:check
PORT=${PORT:-18480}
CONF=$(mktemp)
printf '[containers]\ndefault_ulimits = []\n[engine]\ncgroup_manager = "cgroupfs"\nruntime = "runc"\n' > "$CONF"
export CONTAINERS_CONF=$CONF
cleanup() { podman rm -f miniserve-check >/dev/null 2>&1 || true; rm -f "$CONF"; }
trap cleanup EXIT

if ! podman image exists "$BASE"; then
    root=$(mktemp -d)
    timeout 900 debootstrap --variant=minbase --include=python3,python3-venv,python-is-python3,ca-certificates,passwd \
        bookworm "$root" http://deb.debian.org/debian >/dev/null
    rm -rf "$root"/var/cache/apt/archives/*.deb
    tar -C "$root" -c . | podman import - "$BASE" >/dev/null
    rm -rf "$root"
fi

started=$(date +%s)
# --format docker keeps HEALTHCHECK (the OCI image format has no such field); the host's CA
# bundle lets pip reach PyPI through this machine's TLS proxy.
timeout 900 podman build --format docker --network host -v /etc/ssl/certs:/etc/ssl/certs:ro \
    --build-arg BASE="$BASE" -f deploy/Containerfile -t "$IMAGE" . >/dev/null
echo "built $IMAGE in $(( $(date +%s) - started )) s"

podman run -d --name miniserve-check -p "127.0.0.1:$PORT:8000" "$IMAGE" >/dev/null
started=$(date +%s%N)
for _ in $(seq 600); do  # up to 60 s
    [ "$(curl -s -o /dev/null -w '%{http_code}' "127.0.0.1:$PORT/readyz")" = 200 ] && break
    sleep 0.1
done
[ "$(curl -s -o /dev/null -w '%{http_code}' "127.0.0.1:$PORT/readyz")" = 200 ]
echo "ready $(( ($(date +%s%N) - started) / 1000000 )) ms after start"

answer=$(curl -s --max-time 10 "127.0.0.1:$PORT/correct" -H 'content-type: application/json' -d '{"sentence": "He goed to school"}')
echo "answer: $answer"
grep -q '"corrected":"He went to school"' <<<"$answer"
[ "$(podman exec miniserve-check id -u)" = 10001 ]
echo "runs as uid 10001"
[ "$(podman inspect miniserve-check --format '{{.Config.Healthcheck.Test}}')" != "[]" ]
# The kernels came from the build's Numba cache: serving compiled nothing new.
count='find /var/cache/miniserve/numba -name "*.nbc" | wc -l'
built=$(podman run --rm --entrypoint sh "$IMAGE" -c "$count")
[ "$(podman exec miniserve-check sh -c "$count")" = "$built" ]
echo "compiled kernels: $built in the image, none added at start-up"

# SIGTERM with 8 requests in flight: every one is answered, then the server exits 0.
statuses=$(mktemp)
for _ in $(seq 8); do
    curl -s -o /dev/null -w '%{http_code}\n' --max-time 30 "127.0.0.1:$PORT/correct" \
        -H 'content-type: application/json' -d '{"sentence": "She has went home."}' >> "$statuses" &
done
sleep 0.05  # not a synchronisation: the answers are checked below, whenever SIGTERM landed
podman stop -t 30 miniserve-check >/dev/null
wait
code=$(podman inspect miniserve-check --format '{{.State.ExitCode}}')
echo "in flight at SIGTERM: $(sort "$statuses" | uniq -c | tr -s ' ' | tr '\n' ' ')exit code $code"
rm -f "$statuses"
[ "$code" = 0 ]
echo "container check passed"
