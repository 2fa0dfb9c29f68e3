import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The default ``ReportTransport``: `URLSession` (FoundationNetworking on Linux), on an ephemeral
/// session that keeps no cookies, no cache and no credentials.
public struct URLSessionReportTransport: ReportTransport {
    private let session: URLSession
    /// Seconds a request may take before it counts as a network failure.
    public let timeout: Double

    /// A transport on `session` (default: ``ephemeralSession``).
    public init(session: URLSession = URLSessionReportTransport.ephemeralSession, timeout: Double = 30) {
        self.session = session
        self.timeout = timeout
    }

    /// A session that stores nothing: no cookies, no cache, no credentials.
    public static let ephemeralSession: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.httpCookieStorage = nil
        configuration.urlCache = nil
        configuration.urlCredentialStorage = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }()

    /// One exchange; `URLSession`'s errors (no answer) are thrown, and cancelling the task cancels it.
    public func send(_ request: ReportHTTPRequest) async throws -> ReportHTTPResponse {
        var urlRequest = URLRequest(url: request.url, cachePolicy: .reloadIgnoringLocalCacheData, timeoutInterval: timeout)
        urlRequest.httpMethod = "POST"
        for (name, value) in request.headers { urlRequest.setValue(value, forHTTPHeaderField: name) }
        urlRequest.httpBody = Data(request.body)
        let running = RunningTask()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<ReportHTTPResponse, any Error>) in
                // The completion handler, not `data(for:)`: one code path from iOS 13 and on Linux alike.
                let task = session.dataTask(with: urlRequest) { _, response, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else if let http = response as? HTTPURLResponse {
                        continuation.resume(
                            returning: ReportHTTPResponse(
                                status: http.statusCode, retryAfter: http.value(forHTTPHeaderField: "Retry-After")))
                    } else {
                        continuation.resume(throwing: URLError(.badServerResponse))
                    }
                }
                running.start(task)
            }
        } onCancel: {
            running.cancel()
        }
    }
}

/// The data task of one exchange, cancelled with the task that awaits it (before it starts, too).
private final class RunningTask: @unchecked Sendable {
    private let lock = NSLock()
    private var task: URLSessionDataTask?
    private var cancelled = false

    func start(_ task: URLSessionDataTask) {
        lock.lock()
        self.task = task
        let cancelled = self.cancelled
        lock.unlock()
        if cancelled { task.cancel() }
        task.resume()
    }

    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
