# Stage timing for scripts/test.sh and .ci/run (sourced, not run). `stage NAME CMD…` runs one stage;
# `stages_parallel NAME CMD -- NAME CMD …` runs several side by side (each one's output is printed
# whole when it ends, so logs do not interleave). The EXIT trap prints a table of every stage's wall
# time, the failed one included. With STAGE_LOG set (by .ci/run) the rows also go to that file, so
# the outer script's table lists the inner one's stages.

_stage_rows=()
_stage_current=""
_stage_t0=""
_stage_script_t0=$EPOCHREALTIME

_stage_secs() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f", b - a }'; }

_stage_record() { # name seconds status
  local row
  row="$(printf '%-44s %8s  %s' "$1" "$2" "$3")"
  _stage_rows+=("$row")
  if [ -n "${STAGE_LOG:-}" ]; then echo "$row" >>"$STAGE_LOG"; fi
}

stage() {
  local name=$1
  shift
  echo "== $name"
  _stage_current=$name
  _stage_t0=$EPOCHREALTIME
  "$@"
  _stage_record "$name" "$(_stage_secs "$_stage_t0" "$EPOCHREALTIME")" ok
  _stage_current=""
}

# stages_parallel NAME1 CMD1 ARGS… -- NAME2 CMD2 ARGS… [-- …]: all at once; fails if any failed.
stages_parallel() {
  local dir names=() pids=() i=0 failed=0 status
  dir="$(mktemp -d -t feikong-stages-XXXXXX)"
  while [ $# -gt 0 ]; do
    local name=$1 cmd=()
    shift
    while [ $# -gt 0 ] && [ "$1" != "--" ]; do
      cmd+=("$1")
      shift
    done
    [ $# -gt 0 ] && shift
    names+=("$name")
    (
      t0=$EPOCHREALTIME
      set +e
      "${cmd[@]}" >"$dir/$i.out" 2>&1
      echo "$? $(_stage_secs "$t0" "$EPOCHREALTIME")" >"$dir/$i.status"
    ) &
    pids+=($!)
    i=$((i + 1))
  done
  echo "== side by side: ${names[*]}"
  _stage_current="${names[*]}"
  _stage_t0=$EPOCHREALTIME
  for i in "${!pids[@]}"; do
    wait "${pids[$i]}" || true
    read -r status secs <"$dir/$i.status" || { status=1; secs=?; }
    echo "== ${names[$i]} ($( [ "$status" -eq 0 ] && echo ok || echo "FAILED, exit $status"), ${secs}s)"
    cat "$dir/$i.out"
    if [ "$status" -eq 0 ]; then
      _stage_record "${names[$i]}" "$secs" "ok (side by side)"
    else
      _stage_record "${names[$i]}" "$secs" "FAILED (side by side)"
      failed=1
    fi
  done
  _stage_current=""
  rm -rf "$dir"
  return $failed
}

_stage_summary() {
  local status=$?
  if [ -n "$_stage_current" ]; then
    _stage_record "$_stage_current" "$(_stage_secs "$_stage_t0" "$EPOCHREALTIME")" "FAILED (exit $status)"
  fi
  echo
  echo "== stage wall times (${STAGE_TITLE:-$0}; load average $(cut -d' ' -f1-3 /proc/loadavg))"
  if [ -n "${STAGE_LOG:-}" ] && [ -n "${STAGE_LOG_OWNER:-}" ]; then
    cat "$STAGE_LOG"
  else
    printf '%s\n' "${_stage_rows[@]}"
  fi
  printf '%-44s %8s\n' "total" "$(_stage_secs "$_stage_script_t0" "$EPOCHREALTIME")"
  if [ -n "${STAGE_LOG_OWNER:-}" ]; then rm -f "$STAGE_LOG"; fi
  return $status
}
trap _stage_summary EXIT
