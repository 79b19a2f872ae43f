#!/bin/bash
# The style, checked: clang-format (.clang-format) and clang-tidy (.clang-tidy, naming included)
# over the C++ files changed against a base, and only on the lines that changed, so that a change
# is held to the style without reformatting the code it touches. scripts/test.sh runs it.
#
#   scripts/lint.sh                 changed lines against the base (below), format and tidy
#   scripts/lint.sh --all           every file, every line (after the one reformat commit)
#   scripts/lint.sh --base REF      compare with REF (a commit, branch or tag)
#   scripts/lint.sh --format-only | --tidy-only
#   scripts/lint.sh --format-advisory   clang-format's findings listed, not failing (clang-tidy's
#                                   still fail): for a branch that predates the tree's reformat
#   scripts/lint.sh --jobs N        clang-tidy processes (default 2: CI has 2 cores)
#   scripts/lint.sh --build-dir DIR where compile_commands.json is (default build)
#
# The base: the merge base with origin/main when there is one and it is not HEAD itself, else
# HEAD~1. The working tree counts (uncommitted and untracked files too), so a newcomer sees what
# CI will say before committing. clang-tidy reads build/compile_commands.json (the dev preset
# writes it: CMAKE_EXPORT_COMPILE_COMMANDS); a changed header is checked through its own .cpp
# (same name) and any changed .cpp that includes it. It is bounded by LINT_TIDY_BUDGET_S (default
# 900 s) so that it fits CI's budget.
# Exit: 0 clean, 1 findings (the files are listed), 2 cannot run (missing tool, base or build).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

all=0 base="" jobs=2 do_format=1 do_tidy=1 build_dir=build format_advisory=0
budget_s=${LINT_TIDY_BUDGET_S:-900}
usage() { sed -n '2,21s/^# \{0,1\}//p' "$0"; }
while [ $# -gt 0 ]; do
  case $1 in
    --all) all=1 ;;
    --base) base=${2:?--base needs a commit}; shift ;;
    --jobs) jobs=${2:?--jobs needs a number}; shift ;;
    --format-only) do_tidy=0 ;;
    --tidy-only) do_format=0 ;;
    --format-advisory) format_advisory=1 ;;
    --build-dir) build_dir=${2:?--build-dir needs a folder}; shift ;;
    -h | --help) usage; exit 0 ;;
    *) echo "lint: unknown option '$1' (--help lists them)" >&2; exit 2 ;;
  esac
  shift
done
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "lint: --jobs '$jobs' is not a positive number" >&2; exit 2; }
for tool in clang-format clang-format-diff clang-tidy; do
  [ "$do_format" = 1 ] || [ "$tool" = clang-tidy ] || continue
  [ "$do_tidy" = 1 ] || [ "$tool" != clang-tidy ] || continue
  command -v "$tool" >/dev/null ||
    { echo "lint: $tool not found (Debian: apt-get install clang-format clang-tidy)" >&2; exit 2; }
done

# Our C++ sources; generated and third-party files live elsewhere (build*/, resources/).
dirs=(core text cli gui tests bench)
is_source() { [[ $1 =~ ^(core|text|cli|gui|tests|bench)/.*\.(cpp|h)$ ]]; }

if [ "$all" = 1 ]; then
  mapfile -t files < <(git ls-files -- "${dirs[@]}" | while read -r f; do is_source "$f" && echo "$f"; done)
  untracked=()
else
  if [ -z "$base" ]; then
    if git rev-parse -q --verify origin/main >/dev/null &&
      mb=$(git merge-base HEAD origin/main) && [ "$mb" != "$(git rev-parse HEAD)" ]; then
      base=$mb
    elif git rev-parse -q --verify HEAD~1 >/dev/null; then
      base=HEAD~1
    else
      echo "lint: no base to compare with (a shallow clone?): pass --base REF or --all" >&2
      exit 2
    fi
  fi
  git rev-parse -q --verify "$base^{commit}" >/dev/null ||
    { echo "lint: base '$base' is not a commit" >&2; exit 2; }
  mapfile -t tracked < <(git diff --name-only --diff-filter=d "$base" -- "${dirs[@]}" |
    while read -r f; do is_source "$f" && echo "$f"; done)
  mapfile -t untracked < <(git ls-files --others --exclude-standard -- "${dirs[@]}" |
    while read -r f; do is_source "$f" && echo "$f"; done)
  files=("${tracked[@]}" "${untracked[@]}")
fi
if [ ${#files[@]} -eq 0 ]; then
  echo "lint: no C++ file changed${base:+ against $base}"
  exit 0
fi
echo "lint: ${#files[@]} file(s)${base:+ changed against $(git rev-parse --short "$base")}"
status=0

# Changed lines as "FILE START END" (untracked and --all: the whole file).
ranges=$(mktemp)
trap 'rm -rf "$ranges" "$ranges".*' EXIT
if [ "$all" = 1 ]; then
  for f in "${files[@]}"; do echo "$f 1 1000000000"; done >"$ranges"
else
  {
    [ ${#tracked[@]} -eq 0 ] || git diff -U0 --no-color "$base" -- "${tracked[@]}" | awk '
      /^\+\+\+ b\// { file = substr($0, 7) }
      /^@@ / { split($3, a, ","); start = substr(a[1], 2); n = (a[2] == "") ? 1 : a[2];
               if (n > 0) print file, start, start + n - 1 }'
    for f in "${untracked[@]}"; do echo "$f 1 1000000000"; done
  } >"$ranges"
fi

if [ "$do_format" = 1 ]; then
  bad=()
  if [ "$all" = 1 ]; then
    mapfile -t bad < <(printf '%s\0' "${files[@]}" |
      xargs -0 -n 20 -P "$jobs" sh -c 'for f; do clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || echo "$f"; done' sh)
  else
    if [ ${#tracked[@]} -gt 0 ]; then
      mapfile -t bad < <(git diff -U0 --no-color "$base" -- "${tracked[@]}" |
        clang-format-diff -p1 | sed -n 's/^+++ \([^\t]*\).*/\1/p')
    fi
    for f in "${untracked[@]}"; do
      clang-format --dry-run -Werror "$f" >/dev/null 2>&1 || bad+=("$f")
    done
  fi
  if [ ${#bad[@]} -gt 0 ]; then
    echo "lint: clang-format would change ${#bad[@]} file(s) (in the lines checked):"
    printf '  %s\n' "${bad[@]}"
    if [ "$all" = 1 ]; then
      echo "  see: clang-format --dry-run FILE"
    else
      echo "  see: git diff -U0 ${base} -- FILE | clang-format-diff -p1   (add -i to apply)"
    fi
    if [ "$format_advisory" = 1 ]; then
      echo "  (advisory: these do not fail the lint until the reformat commit)"
    else
      status=1
    fi
  else
    echo "lint: clang-format: clean"
  fi
fi

if [ "$do_tidy" = 1 ]; then
  db=$build_dir/compile_commands.json
  [ -f "$db" ] || { echo "lint: $db missing: configure first (cmake --preset dev)" >&2; exit 2; }
  # Translation units to check: changed .cpp files in the database, and for a changed header its
  # own .cpp (same name) when there is one.
  mapfile -t units < <(for f in "${files[@]}"; do
    c=$f
    [[ $f == *.h ]] && c=${f%.h}.cpp
    grep -qF "\"file\": \"$root/$c\"" "$db" && echo "$c"
  done | sort -u)
  if [ ${#units[@]} -eq 0 ]; then
    echo "lint: clang-tidy: no changed file is in $db"
  else
    echo "lint: clang-tidy on ${#units[@]} translation unit(s), $jobs at a time (budget ${budget_s} s)"
    # GCC's precompiled header beside cmake_pch.hxx is no PCH to clang: the database's copy
    # includes the header it is made from instead. GCC's warning flags (-Wshadow=local …) are
    # unknown to clang; they are not what is being checked.
    mkdir -p "$ranges.db"
    sed 's#-include [^ ]*/cmake_pch\.hxx#-include '"$root"'/core/torch/torch_pch.h#g' "$db" \
      >"$ranges.db/compile_commands.json"
    tidy_rc=0
    printf '%s\0' "${units[@]}" | timeout "$budget_s" xargs -0 -n 1 -P "$jobs" \
      clang-tidy -p "$ranges.db" --quiet --extra-arg=-Wno-unknown-warning-option \
      >"$ranges.tidy" 2>/dev/null || tidy_rc=$?
    if [ "$tidy_rc" = 124 ]; then
      echo "lint: clang-tidy ran past its ${budget_s} s budget (LINT_TIDY_BUDGET_S)" >&2
      status=1
    fi
    # Findings on the lines checked only; one line each, file relative to the repository.
    awk -v root="$root/" '
      NR == FNR { n[$1]++; lo[$1, n[$1]] = $2; hi[$1, n[$1]] = $3; next }
      / (warning|error): / {
        split($0, p, ":"); file = p[1]; line = p[2] + 0
        if (index(file, root) == 1) file = substr(file, length(root) + 1)
        for (i = 1; i <= n[file]; i++)
          if (line >= lo[file, i] && line <= hi[file, i]) {
            sub(/^[^:]*:/, file ":"); if (!seen[$0]++) print "  " $0; break }
      }' "$ranges" "$ranges.tidy" >"$ranges.kept"
    if [ -s "$ranges.kept" ]; then
      echo "lint: clang-tidy: $(wc -l <"$ranges.kept") finding(s) in the lines checked:"
      cat "$ranges.kept"
      status=1
    elif [ "$tidy_rc" != 124 ]; then
      echo "lint: clang-tidy: clean"
    fi
  fi
fi
exit $status
