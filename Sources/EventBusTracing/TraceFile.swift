import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file system calls a trace makes, with errors in the system's words.
///
/// A trace file may come from elsewhere (a recording someone sent): what is read is bounded by
/// what is opened, never by what the path seems to be, and a failure says why as the system
/// does ("File too large"), not as Foundation's wrapper ("NSCocoaErrorDomain error 512").
enum TraceFile {
    /// The contents of the file `path` names (a symbolic link followed), at most `maximumBytes`.
    ///
    /// The size checked is that of the file opened (`fstat` on its descriptor), so a link to a
    /// huge file is refused as fast as the file itself; and the read stops one byte past the
    /// cap, for files whose size says nothing (a pipe, a device) or that grow while read.
    static func read(_ path: String, maximumBytes: Int) throws(TraceError) -> Data {
        // Non-blocking, so that opening a named pipe nobody writes to does not wait for a writer.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            throw TraceError(path: path, code == ENOENT ? "no such file" : "cannot be read (\(reason(code)))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw TraceError(path: path, "cannot be read (\(reason(errno)))")
        }
        let kind = info.st_mode & 0o170000
        if kind == 0o040000 { throw TraceError(path: path, "is a directory, not a trace") }
        // Reads block again: a pipe with a writer is read to its end; one without reads as empty.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let tooLarge = TraceError(
            path: path,
            "is larger than \(TraceFormat.describe(bytes: maximumBytes)), the most a trace may hold")
        if kind == 0o100000, info.st_size > maximumBytes { throw tooLarge }
        let data: Data
        do {
            data = try handle.read(upToCount: maximumBytes + 1) ?? Data()
        } catch {
            throw TraceError(path: path, "cannot be read (\(reason(error)))")
        }
        guard data.count <= maximumBytes else { throw tooLarge }
        return data
    }

    /// Creates (or empties) the file at `path` for writing, and writes `header` to it.
    static func create(_ path: String, header: Data) throws(TraceError) -> FileHandle {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            let why =
                switch code {
                case EISDIR: "it is a directory"
                case ENOENT: "no such folder"
                default: reason(code)
                }
            throw TraceError(path: path, "cannot create the trace file (\(why))")
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        do {
            try handle.write(contentsOf: header)
        } catch {
            throw TraceError(path: path, "cannot write the trace file (\(reason(error)))")
        }
        return handle
    }

    /// The system's text for `code` ("No space left on device").
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// The system's text for the POSIX error under `error` (Foundation wraps a failed write's
    /// `errno` in an error whose own description says only "NSCocoaErrorDomain error 512"), or
    /// its description when there is none.
    static func reason(_ error: any Error) -> String {
        var next: NSError? = error as NSError
        while let current = next {
            if current.domain == NSPOSIXErrorDomain { return reason(Int32(current.code)) }
            next = current.userInfo[NSUnderlyingErrorKey] as? NSError
        }
        return error.localizedDescription
    }
}
