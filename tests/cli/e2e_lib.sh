# Shared by the CLI end-to-end scripts (sourced): `check NAME COMMAND…` counts a passed or failed
# condition, `expect_exit CODE NEEDLE ARGS…` runs the CLI ($cli) and checks its exit code and its
# one-line error. The caller sets cli and work, and ends with e2e_summary.
failures=0; checks=0
# The scripts read the CLI's English: a developer whose locale is Japanese would get --lang's
# Japanese (text/lang.h) and fail every check on an English word. A check of the Japanese sets
# the language itself.
export INFERSCOPE_LANG=en
# A sanitizer build runs several times slower (under ASan a LibTorch worker's start alone can take
# seconds on 2 busy cores), so its scripts scale the budgets they give and the time bounds they
# check by INFERSCOPE_E2E_TIME_SCALE (tests/cli/CMakeLists.txt sets it in sanitizer builds); the
# main build checks the bounds the user is promised.
time_scale=${INFERSCOPE_E2E_TIME_SCALE:-1}
[[ $time_scale =~ ^[1-9][0-9]*$ ]] ||
  { echo "INFERSCOPE_E2E_TIME_SCALE must be a positive whole number, not '$time_scale'" >&2; exit 2; }
[ "$time_scale" -eq 1 ] ||
  echo "note: budgets and time bounds ×$time_scale in this build (INFERSCOPE_E2E_TIME_SCALE)"
scaled() { echo $(( $1 * time_scale )); }  # scaled N: N (seconds or ms) in this build's time
check() {  # check NAME CONDITION-COMMAND…
  local name=$1; shift
  checks=$((checks + 1))
  if "$@"; then echo "ok   $name"; else echo "FAIL $name"; failures=$((failures + 1)); fi
}
expect_exit() {  # expect_exit CODE NEEDLE ARGS…  — runs the CLI, checks exit code and stderr
  local code=$1 needle=$2; shift 2
  "$cli" "$@" >"$work/out.txt" 2>"$work/err.txt"
  local rc=$?
  [ "$rc" -eq "$code" ] || { echo "  exit $rc, expected $code: $(cat "$work/err.txt")"; return 1; }
  grep -q -- "$needle" "$work/err.txt" || { echo "  stderr lacks '$needle': $(cat "$work/err.txt")"; return 1; }
  [ "$(grep -c '^error:' "$work/err.txt")" -eq 1 ] || { echo "  expected one error line"; return 1; }
}
e2e_summary() {
  echo "$((checks - failures)) passed, $failures failed"
  [ "$failures" -eq 0 ]
}
