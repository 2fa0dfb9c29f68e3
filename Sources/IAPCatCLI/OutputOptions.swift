import ArgumentParser
import Foundation
import IAPCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--color auto|always|never`: whether what iapcat prints is coloured.
enum ColorMode: String, CaseIterable, ExpressibleByArgument {
    case auto, always, never

    /// The style for a stream that is a `terminal` or not: `always` colours, `never` does not;
    /// `auto` colours a terminal unless `NO_COLOR` is set to anything but the empty string
    /// (https://no-color.org) or `TERM` is `dumb`. The flag wins over the environment.
    func style(terminal: Bool, environment: [String: String]) -> TextStyle {
        switch self {
        case .always: return .ansi
        case .never: return .plain
        case .auto:
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .plain }
            if environment["TERM"] == "dumb" { return .plain }
            return terminal ? .ansi : .plain
        }
    }
}

/// `--color`, for every command that prints diagnostics or a plan.
struct ColorOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "Colour: auto (on a terminal, unless NO_COLOR is set), always (even into a pipe) or never.", valueName: "when"))
    var color: ColorMode = .auto
}

/// `--color` and `--quiet`, for the commands that write files or reports and say what they did.
struct OutputOptions: ParsableArguments {
    @OptionGroup var colorOptions: ColorOptions

    @Flag(name: .shortAndLong, help: "Print errors only: no warnings, notes, summary, progress or list of files written.")
    var quiet = false
}

/// A command whose output `--color` (and `--quiet`) shape. ``CommandLineTool/run(_:console:)``
/// hands its choice to the run's ``Console`` before the command runs.
protocol StyledCommand: SendableMetatype {
    /// `--color`.
    var colorMode: ColorMode { get }
    /// `--quiet`; false where the command has none.
    var isQuiet: Bool { get }
}

extension StyledCommand {
    var isQuiet: Bool { false }
}

/// A command with ``ColorOptions`` as `colorOptions` (and no `--quiet`).
protocol ColoredCommand: StyledCommand {
    var colorOptions: ColorOptions { get }
}

extension ColoredCommand {
    var colorMode: ColorMode { colorOptions.color }
}

/// A command with ``OutputOptions`` as `outputOptions`.
protocol QuietableCommand: StyledCommand {
    var outputOptions: OutputOptions { get }
}

extension QuietableCommand {
    var colorMode: ColorMode { outputOptions.colorOptions.color }
    var isQuiet: Bool { outputOptions.quiet }
}
