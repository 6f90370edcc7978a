// The two forms of a flawed listing from one text: reads LISTING_FILE (the listing that includes
// this, inside its namespace) once as the seed has it, into namespace seed with LISTING_SEED 1,
// and once fixed, into namespace fixed with LISTING_SEED 0. The listing writes its kernel once,
// below its head, with `#if LISTING_SEED` ... `#else` ... `#endif` around the lines where the two
// forms differ (kernels/listings/README.md). No include guard: every flawed listing includes it.
#ifndef LISTING_FILE
#error "define LISTING_FILE, the including listing's path, before including listing_forms.h"
#endif

namespace seed {
#define LISTING_SEED 1
#include LISTING_FILE
#undef LISTING_SEED
}  // namespace seed

namespace fixed {
#define LISTING_SEED 0
#include LISTING_FILE
#undef LISTING_SEED
}  // namespace fixed

#undef LISTING_FILE
