/// Suspends the caller, on the main actor, until the main actor has run the work queued for it
/// before the call, such as the bus's `.mainActor` handlers.
///
/// Those handlers run as main-actor jobs, and only while the main actor is free. An app needs
/// nothing like this: its run loop runs them between events. A command-line tool's main actor
/// is free only while `main` awaits, so a tool that wants to show what its handlers did awaits
/// this first. The main actor runs its jobs in the order they were queued, so the job queued
/// here runs after every handler queued before it.
@MainActor
func mainActorCatchesUp() async {
    await withCheckedContinuation { continuation in
        Task { @MainActor in continuation.resume() }
    }
}
