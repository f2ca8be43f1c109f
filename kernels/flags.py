"""The one place where the Numba flags of every kernel are declared.

fastmath is a set of named LLVM flags, not `fastmath=True`: "nnan" and "ninf" would let LLVM assume
there is no -inf, and the softmax starts its running maximum at -inf.
- reassoc: lets LLVM vectorise dot-product reductions (the order is fixed by the code, so a row's
  result never depends on the batch it is in: see docs/kernels.md);
- contract: fused multiply-add;
- nsz, arcp, afn: signed zeros, reciprocals, approximate exp/tanh within float32 accuracy.
"""

FASTMATH = {"reassoc", "contract", "nsz", "arcp", "afn"}

# nogil: the step runs in a worker thread while the event loop keeps serving.
# cache: compiled once per install, loaded from NUMBA_CACHE_DIR (or __pycache__) afterwards.
JIT = dict(nogil=True, cache=True, fastmath=FASTMATH, error_model="numpy", boundscheck=False)
