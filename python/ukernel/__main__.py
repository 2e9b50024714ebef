"""python -m ukernel run|info|check-ukernels ...: the commands of ukc-run."""
import sys

from ._native import run_cli

sys.exit(run_cli(sys.argv[1:]))
