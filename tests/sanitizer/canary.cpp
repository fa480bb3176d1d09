// Built only in the sanitizer build (ADDICTION_SANITIZE), with the flags every
// target there gets: a read of freed memory ("heap", which only ASan sees), a
// signed overflow ("signed", UBSan) or memory never freed ("leak", LeakSanitizer,
// at exit), each of which that build must report and stop on. If the flags ever
// stopped reaching the targets, the whole suite would pass there with nothing
// checked; canary.sh fails instead.
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>

int main(int argc, char** argv) {
    if (argc != 2) return 2;
    volatile int index = 1;  // volatile: the compiler must not see the fault coming
    if (std::strcmp(argv[1], "heap") == 0) {
        int* cells = new int[4]{};
        delete[] cells;
        std::printf("%d\n", cells[index]);
        return 0;
    }
    if (std::strcmp(argv[1], "signed") == 0) {
        volatile int big = INT_MAX;
        std::printf("%d\n", big + index);
        return 0;
    }
    if (std::strcmp(argv[1], "leak") == 0) {
        void* volatile cells = std::malloc(77);
        std::printf("%p\n", cells);
        cells = nullptr;
        return 0;
    }
    return 2;
}
