// What each hardening attribute of the executable-attributes tab means: the labels of its
// badges and the help table below the list. Attribute and missing names are the API's
// (engine: executables/hardening.ts and report/native-executables.ts).
import { Accordion, Code, Stack, Table, Text } from '@mantine/core';
import type { ExecutableAttributes } from '../../../lib/api-schemas.ts';
import type { MissingMitigation } from '../../../lib/mitigations.ts';


type AttributeValue = ExecutableAttributes['attributes'][string];

interface Mitigation {
  name: string;
  /** The attribute that holds it. */
  attribute: string;
  /** The badge shown when the executable has it; absent for attributes that are only ever bad news. */
  badge?: string;
  /** Whether the attribute's value means the mitigation is there; `true` unless said. */
  present?: (value: AttributeValue) => boolean;
  /** How the API names its absence in `missing`. */
  missing: readonly MissingMitigation[];
  formats: string;
  /** What it protects against and how it is enabled; options, flags and symbols between backticks. */
  description: string;
}

/** One entry per mitigation, in the order its badges are shown. */
export const MITIGATIONS: readonly Mitigation[] = [
  {
    name: 'Non-executable stack (NX)',
    attribute: 'nx',
    badge: 'NX',
    missing: ['execstack'],
    formats: 'ELF, Mach-O',
    description:
      'The stack cannot be executed, so code written into a stack buffer cannot run there. ELF: `PT_GNU_STACK` without the execute flag, what compilers ask for unless some object needs an executable stack (`-Wl,-z,noexecstack` forces it); Mach-O: no `MH_ALLOW_STACK_EXECUTION` flag.',
  },
  {
    name: 'Position-independent executable (PIE)',
    attribute: 'pie',
    badge: 'PIE',
    missing: ['no-pie'],
    formats: 'ELF, Mach-O',
    description:
      'The program itself, not only its libraries, is loaded at a random address, so ASLR hides its code and data. `-fPIE -pie` (the default of most current toolchains); Mach-O: the `MH_PIE` flag. Shared libraries are position independent by nature and not rated.',
  },
  {
    name: 'Relocation read-only (RELRO)',
    attribute: 'relro',
    badge: 'Full RELRO',
    present: (value) => value === 'full',
    missing: ['no-relro', 'partial-relro'],
    formats: 'ELF',
    description:
      'After relocation the loader makes the GOT and other relocated data read-only, so they cannot be overwritten to redirect calls. Partial (`-Wl,-z,relro`) leaves the lazily bound GOT entries writable; full (`-Wl,-z,relro,-z,now`) binds every symbol at start-up and protects them all.',
  },
  {
    name: 'Stack canary',
    attribute: 'canary',
    badge: 'Canary',
    missing: ['no-canary'],
    formats: 'ELF, Mach-O',
    description:
      'A random value between local buffers and the return address is checked before a function returns, so a stack buffer overflow is caught before it takes control. `-fstack-protector-strong` (or `-fstack-protector-all`).',
  },
  {
    name: 'FORTIFY_SOURCE',
    attribute: 'fortify',
    badge: 'Fortify',
    missing: ['no-fortify'],
    formats: 'ELF',
    description:
      'glibc swaps calls such as memcpy, strcpy and sprintf for `__*_chk` versions that abort when a write overruns a buffer of known size (`fortified` and `fortifiable` count them). `-D_FORTIFY_SOURCE=2` with `-O1` or more; missing only when the file calls functions that could be fortified.',
  },
  {
    name: 'CET indirect branch tracking',
    attribute: 'cet_ibt',
    badge: 'CET IBT',
    missing: ['no-ibt'],
    formats: 'ELF (x86)',
    description:
      'Indirect calls and jumps must land on an `ENDBR` instruction, which hinders jump- and call-oriented programming. `-fcf-protection=branch` (or `=full`); the whole file has it only if every linked object was built with it.',
  },
  {
    name: 'CET shadow stack',
    attribute: 'cet_shstk',
    badge: 'CET SHSTK',
    missing: ['no-shstk'],
    formats: 'ELF (x86)',
    description:
      'Return addresses are also kept on a hardware shadow stack and compared on return, which stops return-oriented programming. `-fcf-protection=return` (or `=full`); every linked object must have it.',
  },
  {
    name: 'Branch target identification (BTI)',
    attribute: 'bti',
    badge: 'BTI',
    missing: ['no-bti'],
    formats: 'ELF (AArch64)',
    description:
      'Indirect branches must land on a `BTI` instruction, which hinders jump-oriented programming. `-mbranch-protection=bti` (or `=standard`); every linked object must have it.',
  },
  {
    name: 'Pointer authentication (PAC)',
    attribute: 'pac',
    badge: 'PAC',
    missing: ['no-pac'],
    formats: 'ELF (AArch64)',
    description:
      'Return addresses are signed on entry and checked before returning, so an overwritten return address faults instead of being used. `-mbranch-protection=pac-ret` (or `=standard`).',
  },
  {
    name: 'Writable and executable segment',
    attribute: 'rwx_segments',
    missing: ['rwx-segment'],
    formats: 'ELF',
    description:
      'A loadable segment is both writable and executable, so anything written there can be run. It comes from custom linker scripts, hand-written assembly or old toolchains; GNU ld warns about it (`--warn-rwx-segments`).',
  },
  {
    name: 'Text relocations',
    attribute: 'textrel',
    missing: ['textrel'],
    formats: 'ELF',
    description:
      'The loader patches code pages at start-up, so they are writable for a while and cannot be shared between processes. Build every object with `-fPIC` or `-fPIE`; `-Wl,-z,text` makes them a link error.',
  },
  {
    name: 'ASLR (dynamic base)',
    attribute: 'dynamic_base',
    badge: 'ASLR',
    missing: ['no-aslr'],
    formats: 'PE',
    description: 'The image may be relocated, so Windows loads it at a random base address. `/DYNAMICBASE`, the linker default.',
  },
  {
    name: 'High-entropy ASLR',
    attribute: 'high_entropy_va',
    badge: 'High-entropy VA',
    missing: ['no-high-entropy-va'],
    formats: 'PE (64-bit)',
    description:
      'The image accepts a base address anywhere in the 64-bit address space, which makes it much harder to guess. `/HIGHENTROPYVA` with `/DYNAMICBASE`, the default for 64-bit images.',
  },
  {
    name: 'Data execution prevention (DEP)',
    attribute: 'nx_compat',
    badge: 'DEP',
    missing: ['no-dep'],
    formats: 'PE',
    description: 'The image runs with its stack, heap and data pages not executable, so injected data cannot be run as code. `/NXCOMPAT`, the linker default.',
  },
  {
    name: 'Buffer security check (/GS)',
    attribute: 'gs',
    badge: '/GS',
    missing: ['no-gs'],
    formats: 'PE',
    description:
      "MSVC's stack cookie: functions with local buffers check a random value before returning, catching stack buffer overflows. `/GS`, on by default; not rated for .NET assemblies, whose code the runtime compiles.",
  },
  {
    name: 'Control Flow Guard (CFG)',
    attribute: 'cfg',
    badge: 'CFG',
    missing: ['no-control-flow-guard'],
    formats: 'PE',
    description:
      'Each indirect call is checked against a map of valid call targets, so a corrupted function pointer cannot send execution anywhere. Compile and link with `/guard:cf`; not rated for .NET assemblies.',
  },
  {
    name: 'Safe structured exception handling (SafeSEH)',
    attribute: 'safeseh',
    badge: 'SafeSEH',
    missing: ['no-safeseh'],
    formats: 'PE (32-bit)',
    description:
      "Only the exception handlers listed in the image's table may run, so an overwritten SEH record cannot take control. `/SAFESEH`; an image marked as having no handlers (`NO_SEH`) passes too.",
  },
  {
    name: 'CET shadow stack compatible',
    attribute: 'cet_compat',
    badge: 'CET compat',
    missing: [],
    formats: 'PE',
    description: 'The image declares it works with hardware shadow stacks, so Windows may check its return addresses. `/CETCOMPAT`.',
  },
  {
    name: 'Non-executable heap',
    attribute: 'no_heap_execution',
    badge: 'NX heap',
    missing: [],
    formats: 'Mach-O',
    description: 'The `MH_NO_HEAP_EXECUTION` flag asks for a heap that cannot be executed; 64-bit processes get one anyway.',
  },
  {
    name: 'Automatic reference counting (ARC)',
    attribute: 'arc',
    badge: 'ARC',
    missing: [],
    formats: 'Mach-O',
    description: 'Objective-C objects are retained and released by the compiler, which rules out many use-after-free mistakes. `-fobjc-arc`, the Xcode default.',
  },
  {
    name: 'Restricted segment',
    attribute: 'restrict',
    badge: 'Restrict',
    missing: [],
    formats: 'Mach-O',
    description: 'A `__RESTRICT` segment makes dyld ignore `DYLD_*` environment variables, so no library can be injected through them. `-Wl,-sectcreate,__RESTRICT,__restrict,/dev/null`.',
  },
  {
    name: 'Clang control-flow integrity (CFI)',
    attribute: 'cfi',
    badge: 'CFI',
    missing: [],
    formats: 'ELF, Mach-O',
    description:
      'Indirect calls and virtual calls are checked against the types the program declares, so a corrupted function pointer cannot reach an unrelated function. `-fsanitize=cfi` with `-flto`; seen through `__cfi_check`, `__cfi_slowpath`, `__typeid_*` or `*.cfi` symbols (a stripped binary keeps only the cross-DSO ones).',
  },
  {
    name: 'SafeStack',
    attribute: 'safe_stack',
    badge: 'SafeStack',
    missing: [],
    formats: 'ELF, Mach-O',
    description:
      'Buffers live on a separate unsafe stack, so overflowing one cannot reach return addresses. `-fsanitize=safe-stack`; seen through the runtime symbols `__safestack_init` and `__safestack_unsafe_stack_ptr`.',
  },
  {
    name: 'Separate code segment',
    attribute: 'separate_code',
    badge: 'Separate code',
    missing: [],
    formats: 'ELF',
    description:
      'Code is mapped in executable segments of its own, so headers and read-only data (constants that could form gadgets) are not executable. `-Wl,-z,separate-code`, the GNU ld default on x86-64 Linux since binutils 2.31; lld lays code out apart too.',
  },
  {
    name: 'AppContainer',
    attribute: 'app_container',
    badge: 'AppContainer',
    missing: [],
    formats: 'PE',
    description: 'The image must run inside an AppContainer sandbox with only the capabilities it declares. `/APPCONTAINER`.',
  },
];

/** The badges of the mitigations an executable has, in the help table's order. */
export function presentMitigations(attributes: ExecutableAttributes['attributes']): string[] {
  return MITIGATIONS.flatMap(({ attribute, badge, present = (value) => value === true }) => {
    if (badge === undefined || !Object.hasOwn(attributes, attribute)) return [];
    const value = attributes[attribute];
    return value !== undefined && present(value) ? [badge] : [];
  });
}

/** Prose with `code` spans: an option stays on one line, so it is never read as two. */
function Description({ text }: { text: string }) {
  return (
    <Text size="sm">
      {text.split('`').map((part, index) =>
        index % 2 === 1 ? (
          <Code key={index} style={{ whiteSpace: 'nowrap' }}>
            {part}
          </Code>
        ) : (
          part
        ),
      )}
    </Text>
  );
}

/** "What these attributes mean": a collapsed table of every mitigation the tab reports. */
export function MitigationsHelp() {
  return (
    <Accordion variant="contained" mt="lg">
      <Accordion.Item value="help">
        <Accordion.Control>What these attributes mean</Accordion.Control>
        <Accordion.Panel>
          <Table.ScrollContainer minWidth={600}>
            <Table verticalSpacing={6} striped aria-label="Mitigations">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Mitigation</Table.Th>
                  <Table.Th>In the API</Table.Th>
                  <Table.Th>Formats</Table.Th>
                  <Table.Th w="50%">What it does and how it is enabled</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {MITIGATIONS.map((mitigation) => (
                  <Table.Tr key={mitigation.attribute}>
                    <Table.Td>{mitigation.name}</Table.Td>
                    <Table.Td>
                      <Stack gap={2} align="flex-start">
                        <Code>{mitigation.attribute}</Code>
                        {mitigation.missing.map((code) => (
                          <Text key={code} size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                            missing: <Code>{code}</Code>
                          </Text>
                        ))}
                      </Stack>
                    </Table.Td>
                    <Table.Td>{mitigation.formats}</Table.Td>
                    <Table.Td>
                      <Description text={mitigation.description} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
  );
}
