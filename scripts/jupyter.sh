#!/usr/bin/env bash
# Starts Jupyter Notebook in notebooks/ with the gonb kernel that scripts/setup.sh installed
# (run that first; `make jupyter` does).
#
# Environment:
#   JUPYTER_IP     address to bind (default 127.0.0.1; the Docker image uses 0.0.0.0)
#   JUPYTER_PORT   port (default 8888)
#   JUPYTER_TOKEN  login token, read by Jupyter itself (default: a random one, printed at start)
# Extra arguments go to Jupyter.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
python="$root/.bin/ufmi-python"
[ -x "$python" ] || { echo "jupyter.sh: $python is missing: run make setup first" >&2; exit 1; }

# The kernel spec lives in the project; .bin/ has gonb and goimports.
export JUPYTER_PATH="${UFMI_JUPYTER_DATA:-$root/.jupyter-data}${JUPYTER_PATH:+:$JUPYTER_PATH}"
export PATH="$root/.bin:$PATH"

args=(--no-browser --ip="${JUPYTER_IP:-127.0.0.1}" --port="${JUPYTER_PORT:-8888}")
[ "$(id -u)" -eq 0 ] && args+=(--allow-root)
cd "$root/notebooks"
exec "$python" -m notebook "${args[@]}" "$@"
