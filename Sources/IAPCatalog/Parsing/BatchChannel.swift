import Dispatch

/// Hands values from one producer thread to one consumer thread through a few slots: the
/// producer waits when every slot is full, the consumer when every slot is empty. The
/// semaphores order each slot's write before its read.
final class BatchChannel<Value: Sendable>: @unchecked Sendable {
    private let slots: UnsafeMutableBufferPointer<Value?>
    private let filled = DispatchSemaphore(value: 0)
    private let space: DispatchSemaphore
    /// Touched only by the producer.
    private var sent = 0
    /// Touched only by the consumer.
    private var received = 0

    init(slots count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: nil)
        space = DispatchSemaphore(value: count)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func send(_ value: Value) {
        space.wait()
        slots[sent % slots.count] = value
        sent += 1
        filled.signal()
    }

    func receive() -> Value {
        filled.wait()
        let slot = received % slots.count
        let value = slots[slot].take()!
        received += 1
        space.signal()
        return value
    }
}
