#!/usr/bin/env bash
# The README's quick start, run as written on a fresh clone with nothing beside it (no ../shared): the two
# commands, the curl examples against the outputs the README claims, the Inspector commands, the terminal sign-in
# and one account call. Each command is first looked up verbatim in README.md, so the README and this check cannot
# drift apart; only the port differs (README_CHECK_PORT, default 3222, for `127.0.0.1:3000`).
# README_CHECK_REUSE_MODULES=1 links this checkout's node_modules instead of running `npm ci` again (.ci/run,
# whose first step is that `npm ci` on its own clean clone).
# usage: test/readme/check.sh [repository]   (default: this checkout's HEAD)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
repo=${1:-$here}
port=${README_CHECK_PORT:-3222}
work=$(mktemp -d)
server=""
cleanup() { [ -n "$server" ] && kill -- "-$server" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
readme="$here/README.md"
t0=$(date +%s)
say() { printf '\n-- %s (%ss)\n' "$1" "$(( $(date +%s) - t0 ))"; }
fail() { echo "README check failed: $*" >&2; exit 1; }
# The README's text of a command must be there verbatim; it is then run with the check's port.
readme_has() { grep -qF -- "$1" "$readme" || fail "README.md no longer contains: $1"; }
local_port() { printf '%s' "${1//127.0.0.1:3000/127.0.0.1:$port}"; }
run() { readme_has "$1"; local cmd; cmd=$(local_port "$1"); echo "\$ $cmd" >&2; bash -c "$cmd"; }

say "fresh clone in $work/repo (nothing beside it)"
git clone -q --no-local "$repo" "$work/repo"
cd "$work/repo"
[ ! -e ../shared ] || fail "../shared exists beside the clone"

readme_has 'npm ci && npm start'
if [ -n "${README_CHECK_REUSE_MODULES:-}" ]; then
  # .ci/run has just run `npm ci` on its own clean clone: link those modules rather than install them twice.
  say "npm start (node_modules linked from $here, where npm ci ran)"
  ln -s "$here/node_modules" node_modules
  install=true
else
  say "the two commands: npm ci && npm start"
  install="npm ci --no-audit --no-fund --loglevel=error"
fi
set -m  # the service in its own process group, so the EXIT trap stops npm and node together
(PORT=$port $install && PORT=$port npm start) >"$work/service.log" 2>&1 &
server=$!
set +m
for _ in $(seq 1 1200); do
  curl -fsS "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  kill -0 "$server" 2>/dev/null || { cat "$work/service.log"; fail "npm ci && npm start stopped"; }
  sleep 0.5
done
curl -fsS "http://127.0.0.1:$port/health" >/dev/null || fail "the service did not answer /health"
say "service up"
password=""
for _ in $(seq 1 40); do
  password=$(sed -n 's/.*Demo player created\. Sign in as demo@kingshot\.example  password \([^ ]*\) .*/\1/p' "$work/service.log")
  [ -n "$password" ] && break; sleep 0.25
done
[ -n "$password" ] || { cat "$work/service.log"; fail "the first start printed no demo sign-in"; }

say "curl examples"
gear=$(run "curl -s http://127.0.0.1:3000/mcp \\
  -H 'Content-Type: application/json' \\
  -H 'Accept: application/json, text/event-stream' \\
  -H 'MCP-Protocol-Version: 2025-06-18' \\
  -d '{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"governor_gear_cost\",\"arguments\":{\"from\":\"Gold T2 ★1\",\"to\":\"Gold T3 ★3\",\"pieces\":2}}}'")
readme_has '(`{"satin":786000,"gilded_threads":7920,"artisans_vision":1530}`)'
node -e 'const r=JSON.parse(require("fs").readFileSync(0,"utf8")).result; const t=JSON.stringify(r.structuredContent.totals); if (t!==`{"satin":786000,"gilded_threads":7920,"artisans_vision":1530}`) { console.error(t); process.exit(1); } if (JSON.parse(r.content[0].text).totals.satin!==786000) process.exit(1); console.log("totals", t);' <<<"$gear" || fail "governor_gear_cost totals differ from the README"
bad=$(run "curl -s http://127.0.0.1:3000/mcp -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\
  -d '{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"governor_gear_cost\",\"arguments\":{\"from\":\"Gold T4 ★0\",\"to\":\"Red ★0\"}}}'")
node -e 'const r=JSON.parse(require("fs").readFileSync(0,"utf8")).result; const e=JSON.parse(r.content[0].text).error; if (r.isError!==true || !e.message.includes("Nearest valid")) { console.error(r); process.exit(1); } console.log("isError:", e.message);' <<<"$bad" || fail "the bad level is not a tool failure naming the nearest labels"
search=$(run "curl -s http://127.0.0.1:3000/mcp -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' \\
  -d '{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tools/call\",\"params\":{\"name\":\"search_database\",\"arguments\":{\"query\":\"amnae\"}}}'")
readme_has 'returns one match, `{"key":"amane","kind":"hero","name":"Amane","score":0.745,"url":"http://127.0.0.1:3000/heroes/amane",'
PORT="$port" node -e 'const v=JSON.parse(JSON.parse(require("fs").readFileSync(0,"utf8")).result.content[0].text); const want={key:"amane",kind:"hero",name:"Amane",score:0.745,url:`http://127.0.0.1:${process.env.PORT}/heroes/amane`,matched:"Amane",match_type:"words",summary:"Epic archer hero, generation 1"}; if (v.matches.length!==1 || JSON.stringify(v.matches[0])!==JSON.stringify(want)) { console.error(v); process.exit(1); } console.log("one match:", v.matches[0].key);' <<<"$search" || fail "search_database amnae differs from the README"

say "MCP Inspector (pinned)"
export MCP_INSPECTOR_SECRET_STORE=memory   # no keychain on a headless machine
inspector='npx -y @modelcontextprotocol/inspector@2.12.0 --cli http://127.0.0.1:3000/mcp --transport http --method tools/list'
tools=$(run "$inspector" 2>/dev/null </dev/null)
node -e 'const n=JSON.parse(require("fs").readFileSync(0,"utf8")).tools.length; if (n!==13) { console.error(n); process.exit(1); } console.log(n, "public tools");' <<<"$tools" || fail "the Inspector did not list the thirteen public tools"
readme_has 'Pointed at `/mcp/account` without a token it exits with status 3 (`auth_required`)'
set +e
bash -c "$(local_port "${inspector//\/mcp /\/mcp\/account }")" >/dev/null 2>&1 </dev/null
status=$?
set -e
[ "$status" = 3 ] || fail "the Inspector on /mcp/account without a token exited $status, not 3 (auth required)"
echo "/mcp/account without a token: exit 3"

say "terminal sign-in and an account call"
readme_has "read -rsp 'Password: ' KS_PASSWORD && echo"
login='eval "$(printf '"'"'%s\n'"'"' "$KS_PASSWORD" | npm run -s login -- --email demo@kingshot.example --password-stdin)"'
readme_has "$login"
# The README's prompt, fed the printed password on a here-string (no terminal here: no prompt, nothing echoed).
read -rsp 'Password: ' KS_PASSWORD <<<"$password" && echo
eval "$(printf '%s\n' "$KS_PASSWORD" | PORT=$port npm run -s login -- --email demo@kingshot.example --password-stdin)"
[ -n "${TOKEN:-}" ] || fail "npm run login printed no token"
goals=$(run "curl -s http://127.0.0.1:3000/mcp/account -H \"Authorization: Bearer \$TOKEN\" \\
  -H 'Content-Type: application/json' -H 'Accept: application/json, text/event-stream' -H 'MCP-Protocol-Version: 2025-06-18' \\
  -d '{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/call\",\"params\":{\"name\":\"get_my_goals\",\"arguments\":{}}}'")
readme_has 'The first goal of the answer is `"Top (Governor Gear): Gold T1 ★2 → Gold T3 ★3"`'
node -e 'const t=JSON.parse(require("fs").readFileSync(0,"utf8")).result.structuredContent.goals[0].title; if (t!=="Top (Governor Gear): Gold T1 ★2 → Gold T3 ★3") { console.error(t); process.exit(1); } console.log("first goal:", t);' <<<"$goals" || fail "get_my_goals differs from the README"
readme_has 'npx -y @modelcontextprotocol/inspector@2.12.0 --cli http://127.0.0.1:3000/mcp/account --transport http --method tools/list --header "Authorization: Bearer $TOKEN"'
account=$(bash -c "$(local_port 'npx -y @modelcontextprotocol/inspector@2.12.0 --cli http://127.0.0.1:3000/mcp/account --transport http --method tools/list --header "Authorization: Bearer $TOKEN"')" 2>/dev/null </dev/null)
node -e 'const n=JSON.parse(require("fs").readFileSync(0,"utf8")).tools.length; if (n!==16) { console.error(n); process.exit(1); } console.log(n, "tools with the token");' <<<"$account" || fail "the Inspector with the token did not list sixteen tools"

say "npm test (the tests step of .ci/run runs the whole suite on this commit; here one file proves the command runs)"
readme_has 'npm test'
npm test -- test/server/chromium-notice.test.ts >/dev/null

say "README quick start: all checks passed"
