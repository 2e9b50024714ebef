set -u
tar xzf gpu/q.tgz; chmod +x gpu2/ukc-run
nvidia-smi -L
for p in gpu2/q/*.pkg; do echo "== $p"; timeout 20 gpu2/ukc-run run $p --repeat 0 2>&1 | cut -c1-260; echo "rc=${PIPESTATUS[0]}"; done
gpu2/ukc-run info gpu2/q/sk_bias_bf16_256x768x8192.pkg 2>&1 | head -30
echo "== sanitizer"; timeout 90 compute-sanitizer --tool memcheck gpu2/ukc-run run gpu2/q/sk_bias_bf16_256x768x8192.pkg --repeat 0 2>&1 | head -40
