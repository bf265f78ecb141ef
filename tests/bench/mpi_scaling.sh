#!/bin/sh
# The link model on 1 to 4 MPI ranks (rho-mpi, loopback): wall time of a
# batch run, best of 3, and whether every rank count prints what one
# process prints. On a machine with fewer cores than ranks the ranks
# share them: the time then says what the split costs, not what it gains.
# usage: sh tests/bench/mpi_scaling.sh BUILD_DIR
BUILD=${1:-build}
[ -x "$BUILD/rho-mpi" ] || { echo "mpi_scaling: no $BUILD/rho-mpi (make MPI=1)"; exit 0; }
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_MCA_btl=tcp,self OMPI_MCA_btl_tcp_if_include=lo OMPI_MCA_oob_tcp_if_include=lo
out=$(mktemp)
ref=$(mktemp)
trap 'rm -f "$out" "$ref"' EXIT
echo "-- the link model on 1-4 MPI ranks ($(nproc) cores), best of 3"
for r in AD AI AH; do
    for scen in scenarios/dragonfly-workload.lua; do
        "$BUILD/rho" -b -q -j 1 -p routing=$r "$scen" >"$ref" 2>&1
        for np in 1 2 3 4; do
            best=
            for k in 1 2 3; do
                t0=$(date +%s.%N)
                mpirun -q -n $np --oversubscribe "$BUILD/rho-mpi" -b -q -j 1 \
                    -p routing=$r "$scen" >"$out" 2>&1
                t=$(echo "$(date +%s.%N) - $t0" | bc)
                if [ -z "$best" ] || [ "$(echo "$t < $best" | bc)" = 1 ]; then best=$t; fi
            done
            if cmp -s "$out" "$ref"; then same=same; else same=DIFFERS; fi
            printf '%-28s %-2s %d rank%s  %6.2f s  (output %s as one process)\n' \
                "$(basename "$scen")" $r $np "$([ $np = 1 ] && echo ' ' || echo s)" "$best" $same
        done
    done
done
