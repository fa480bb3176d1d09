#!/usr/bin/env bash
# The sanitizer build's own check (tests/CMakeLists.txt): its binaries carry ASan
# and UBSan, and they report a fault (a leak too) and stop.
# Usage: canary.sh CANARY ADDICTION
set -u
canary=$1 addiction=$2
failed=0
expect_report() {  # kind, the report's words
  local err status
  err=$("$canary" "$1" 2>&1 >/dev/null)
  status=$?
  if [ "$status" -ne 0 ] && grep -q "$2" <<<"$err"; then
    echo "ok: '$1' reported ($2) and stopped with status $status"
  else
    echo "FAIL: '$1' gave status $status and no '$2' report: ${err:0:300}"
    failed=1
  fi
}
expect_report heap "AddressSanitizer: heap-use-after-free"
expect_report signed "signed integer overflow"
expect_report leak "LeakSanitizer: detected memory leaks"
# Instrumented code calls into both runtimes, linked in or shared: a plain build
# names neither.
for hook in __asan_report_load __ubsan_handle_; do
  if nm "$addiction" | grep -q " $hook"; then
    echo "ok: addiction calls $hook*"
  else
    echo "FAIL: $addiction has no $hook* (not built with its sanitizer)"
    failed=1
  fi
done
exit $failed
