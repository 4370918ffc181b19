/** Types of build-stamp.mjs (a build script in plain JavaScript, imported by its test). */
export interface BuildStamp {
  hash: string;
  files: number;
}
export declare const BUILD_INPUTS: readonly string[];
export declare const STAMP_FILE: string;
export declare function computeBuildStamp(root: string): Promise<BuildStamp>;
export declare function writeBuildStamp(root: string, stamp?: BuildStamp): Promise<BuildStamp>;
export declare function buildStaleness(
  root: string,
  requiredOutputs?: string[],
): Promise<{ stale: boolean; reason: string; stamp?: BuildStamp }>;
