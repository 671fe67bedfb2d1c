import ArgumentParser
import Lister
import ListerSources
import TerminalCore

#if canImport(Glibc)
import Glibc
#endif

/// `lister csv`: browse the rows of a CSV or TSV file, or of standard input.
struct CSVCommand: InteractiveCommand {
    static let configuration = CommandConfiguration(
        commandName: "csv",
        abstract: "Browse the rows of a CSV or TSV file; Enter shows a row.",
        discussion: """
            RFC 4180: quoted fields may hold delimiters, doubled quotes and newlines; CRLF \
            or LF. The first row names the columns unless --no-header. Rows show while the \
            file is read. Ragged rows, bad quotes and invalid UTF-8 are shown as read and \
            counted in the status line. With --pick, Enter prints the row as it was read \
            and exits 0, Right shows it; q exits 1.
            """
    )

    @Argument(help: "The file to read; standard input when absent or '-'.", completion: .file())
    var file: String?

    @Flag(help: "Fields are separated by tabs (also when FILE ends in .tsv).")
    var tsv = false

    @Option(help: ArgumentHelp("The character between fields: one ASCII character, or 'tab'.", valueName: "C"))
    var delimiter: String?

    @Flag(help: "The first row is data; the columns are named A, B, C...")
    var noHeader = false

    @Flag(help: "Enter prints the row (as read) and exits (q and Esc exit 1).")
    var pick = false

    @OptionGroup var interface: InterfaceOptions

    var input: LineInput {
        guard let file, file != "-" else { return .standardInput }
        return .file(ArgumentBytes.path(file))
    }

    /// The delimiter byte: `--delimiter`, else a tab for `--tsv` or a `.tsv` file, else a comma.
    var delimiterByte: UInt8 {
        if let delimiter { return delimiter == "tab" || delimiter == "\\t" ? 0x09 : delimiter.utf8.first ?? 0x2C }
        if tsv { return 0x09 }
        if let file, file.lowercased().hasSuffix(".tsv") { return 0x09 }
        return 0x2C
    }

    func validate() throws {
        if let delimiter, delimiter != "tab", delimiter != "\\t" {
            guard delimiter.utf8.count == 1, let byte = delimiter.utf8.first, byte != 0x22, byte != 0x0A, byte != 0x0D else {
                throw ValidationError("--delimiter takes one ASCII character other than a quote or a newline (or 'tab'), not '\(delimiter)'")
            }
        }
        switch input {
        case .standardInput:
            if StandardInput.hasNoInput {
                throw ValidationError("no input: give a FILE, or pipe CSV into standard input (cat data.csv | lister csv)")
            }
        case .file(let path):
            var info = stat()
            guard PathBytes.withCString(path, { stat($0, &info) }) == 0 else {
                throw ValidationError("cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                throw ValidationError("'\(path)' is a directory, not a CSV file")
            }
            guard PathBytes.withCString(path, { access($0, R_OK) }) == 0 else {
                throw ValidationError("cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
        }
    }

    func execute() async throws {
        let log = try interface.openLog()
        let logger = log.logger("lister.csv")
        logger.debug("csv input opened", metadata: [
            "input": "\(input.name)", "delimiter": "\(delimiterByte)", "header": "\(!noHeader)", "pick": "\(pick)",
        ])
        var screen = CSVScreen(input: input, delimiter: delimiterByte, hasHeader: !noHeader, picks: pick, logger: logger)
        screen.readHead()  // the first screenful, before the terminal starts
        let outcome = try await AppRunner.run(screen, interface: interface, log: log)
        for row in outcome.picked(as: CSVRow.self) {
            // The record as read, its quotes and line ends kept: other CSV tools read it back.
            let record = row.record.wholeBytes
            guard record.complete else { throw LostRow(number: row.number, input: input) }
            try FileDescriptor.standardOutput.write(Array(record.bytes) + [0x0A], what: "the chosen row to standard output")
        }
        if pick, case .finished = outcome { throw ExitCode(1) }  // left without choosing
        throw ExitCode(outcome.exitStatus)
    }
}

/// A chosen row that the input file no longer holds (truncated from outside while lister
/// had it open): its zeros are not printed as if they had been read.
struct LostRow: Error, CustomStringConvertible {
    let number: Int
    let input: LineInput

    var description: String {
        "row \(number) of \(input == .standardInput ? "standard input (a file)" : "'\(input.name)'") is no longer there: "
            + "the file was truncated while lister had it open; nothing was printed"
    }
}
