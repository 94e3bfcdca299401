@testable import PerKit

extension InputFile {
    /// An input named by a test's own path (UTF-8).
    init(path: String, listName: String? = nil) {
        self.init(path: PathName(argumentText: path), listName: listName)
    }
}
