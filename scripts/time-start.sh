#!/usr/bin/env bash
# Seconds from running a start command to the first tools/call answer on /mcp (the start figures in docs/testing.md).
# usage: scripts/time-start.sh [port] [command...]   default: a free port and `npm start`
set -euo pipefail
cd "$(dirname "$0")/.."
port=${1:-3390}; shift || true
[ $# -gt 0 ] || set -- npm start
data=$(mktemp -d)
started=$(date +%s.%N)
if curl -s -o /dev/null "http://127.0.0.1:$port/health"; then echo "port $port is already taken"; exit 1; fi
# setsid: the command (npm and the node it starts) in a process group of its own, stopped together at the end
PORT=$port DATA_DIR=$data DEMO_PASSWORD=time-start-password setsid "$@" >"$data/log" 2>&1 &
pid=$!
trap 'kill -- -$pid 2>/dev/null || true; sleep 0.3; rm -rf "$data"' EXIT
body='{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"hero_widgets_cost","arguments":{"from":0,"to":10}}}'
until curl -fsS "http://127.0.0.1:$port/mcp" -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' -d "$body" 2>/dev/null | grep -q '"widgets\\":275'; do
  kill -0 $pid 2>/dev/null || { echo "the service stopped:"; cat "$data/log"; exit 1; }
  sleep 0.05
done
echo "$(echo "$(date +%s.%N) - $started" | bc) s to the first answer ($*)"
