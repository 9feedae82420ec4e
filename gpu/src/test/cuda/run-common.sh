# The shared preamble of the device run scripts (warp-run.sh, fpbatch-run.sh, batchint-grid.sh,
# bivariate-run.sh), sourced after they set $out (the output folder): ". run-common.sh BUDGET" makes $out, records the
# device (nvidia-smi.txt), sets t0 and the deadline t0 + BUDGET seconds, and defines
#   step NAME BUDGET COMMAND...
# which runs COMMAND with output to $out/NAME.txt for at most BUDGET seconds and never past the
# deadline (skipped under 5 s left), line-buffered so that a step cut by its timeout keeps its
# lines, and appends its exit status and time to NAME.txt and $out/steps.txt.
mkdir -p "$out"
t0=$(date +%s)
deadline=$(( t0 + $1 ))
nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.memory,power.limit,driver_version --format=csv > "$out/nvidia-smi.txt" 2>&1
lb=""; command -v stdbuf > /dev/null && lb="stdbuf -oL -eL"
step() { # name budget command...
  local name=$1 budget=$2; shift 2
  local left=$(( deadline - $(date +%s) ))
  [ "$budget" -gt "$left" ] && budget=$left
  if [ "$budget" -lt 5 ]; then echo "# $name skipped: no time left" >> "$out/steps.txt"; return; fi
  local s=$(date +%s)
  timeout "$budget" $lb "$@" > "$out/$name.txt" 2>&1
  local rc=$?
  echo "# $name exit $rc after $(( $(date +%s) - s )) s (budget $budget s)" | tee -a "$out/$name.txt" >> "$out/steps.txt"
}
