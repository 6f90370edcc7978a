// Seed 000's sequential_scan (PMPP 8.1) for the lesson sequential-int-accumulator: `seed` keeps the
// float running sum in an int, truncated at every step; `fixed` gives the accumulator the
// element type. Host code: the tests run it as it is.
#ifndef LISTING_SEED  // the head; the function below it is read once in each form (listing_forms.h)
#ifndef LISTINGS_INT_ACCUMULATOR_CUH
#define LISTINGS_INT_ACCUMULATOR_CUH

namespace listings::int_accumulator {
#define LISTING_FILE "kernels/listings/int_accumulator.cuh"
#include "kernels/listings/listing_forms.h"
}  // namespace listings::int_accumulator

#endif
#else

#if LISTING_SEED
// [snippet seed]
void sequential_scan(float *x, float *y, int Max_i){
    int accumulator = x[0];
// [/snippet]
#else
void sequential_scan(float *x, float *y, int Max_i){
// [snippet fix]
    float accumulator = x[0];
// [/snippet]
#endif
    y[0] = accumulator;
    for(int i = 1; i < Max_i; i++){
// [snippet seed]
        accumulator += x[i];
// [/snippet]
        y[i] = accumulator;
    }
}

#endif
