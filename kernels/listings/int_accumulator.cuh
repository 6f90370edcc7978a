// Seed 000's sequential_scan (PMPP 8.1) for the lesson sequential-int-accumulator: `seed` keeps the
// float running sum in an int, truncated at every step; `fixed` gives the accumulator the
// element type. Host code: the tests run it as it is.
#pragma once

namespace listings::int_accumulator {

namespace seed {
// [snippet seed]
void sequential_scan(float *x, float *y, int Max_i){
    int accumulator = x[0];
// [/snippet]
    y[0] = accumulator;
    for(int i = 1; i < Max_i; i++){
// [snippet seed]
        accumulator += x[i];
// [/snippet]
        y[i] = accumulator;
    }
}
}  // namespace seed

namespace fixed {
void sequential_scan(float *x, float *y, int Max_i){
// [snippet fix]
    float accumulator = x[0];
// [/snippet]
    y[0] = accumulator;
    for(int i = 1; i < Max_i; i++){
        accumulator += x[i];
        y[i] = accumulator;
    }
}
}  // namespace fixed

}  // namespace listings::int_accumulator
