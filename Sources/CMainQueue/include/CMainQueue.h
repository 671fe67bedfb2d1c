#ifndef CMAINQUEUE_H
#define CMAINQUEUE_H

/*
 * The main dispatch queue served by a loop of the program's own, as Foundation's run loop
 * serves it: libdispatch exports these two entry points for that purpose (the "4CF" SPI,
 * stable since libdispatch was open-sourced; swift-corelibs-foundation's CFRunLoop uses
 * them on Linux). The main actor's jobs are main-queue jobs, so a thread that drains the
 * queue runs the main actor.
 */

/// The descriptor that becomes readable when the main queue has jobs (an eventfd on Linux),
/// or -1 where the queue cannot be served this way (then call dispatch_main()).
int cmq_main_queue_fd(void);

/// Runs the jobs queued on the main queue. Only on the main thread, and only in a process
/// that never called dispatch_main() (libdispatch aborts otherwise).
void cmq_drain_main_queue(void);

/// Whether the calling thread is the process's main thread.
int cmq_is_main_thread(void);

#endif
