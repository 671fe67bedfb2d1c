#define _GNU_SOURCE
#include "CMainQueue.h"

#include <pthread.h>

#if defined(__linux__)
// From libdispatch's private/queue_private.h; on Linux a run-loop handle is an int (fd).
extern int _dispatch_get_main_queue_handle_4CF(void);
extern void _dispatch_main_queue_callback_4CF(void *message);

int cmq_main_queue_fd(void) { return _dispatch_get_main_queue_handle_4CF(); }

void cmq_drain_main_queue(void) { _dispatch_main_queue_callback_4CF(0); }

// Library constructors run on the main thread, before main().
static pthread_t main_thread;
__attribute__((constructor)) static void remember_main_thread(void) { main_thread = pthread_self(); }

int cmq_is_main_thread(void) { return pthread_equal(pthread_self(), main_thread); }
#else
int cmq_main_queue_fd(void) { return -1; }

void cmq_drain_main_queue(void) {}

int cmq_is_main_thread(void) { return 0; }
#endif
