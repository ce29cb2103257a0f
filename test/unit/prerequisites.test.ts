import { strict as assert } from 'assert';
import { installSummary, missingRequirements, packagesFor, planPrerequisites } from '../../scripts/prerequisites';
import type { Access, Presence } from '../../scripts/prerequisites';

const ALL: Presence = {
  chromium: true,
  gssapi: true,
  make: true,
  'g++': true,
  python3: true,
  pycryptodome: true,
  requests: true,
};
const ROOT: Access = { aptGet: true, root: true, passwordlessSudo: false };
const SUDO: Access = { aptGet: true, root: false, passwordlessSudo: true };
const USER: Access = { aptGet: true, root: false, passwordlessSudo: false };
const NO_APT: Access = { aptGet: false, root: true, passwordlessSudo: false };

const APT = ['env', 'DEBIAN_FRONTEND=noninteractive', 'apt-get'];

describe('prerequisites', () => {
  describe('what is missing', () => {
    it('nothing when everything is there', () => {
      assert.deepEqual(missingRequirements(ALL), []);
    });

    it('names the Debian packages of what is missing, in a fixed order', () => {
      const missing = missingRequirements({ ...ALL, gssapi: false, chromium: false });
      assert.deepEqual(
        missing.map((r) => r.id),
        ['chromium', 'gssapi'],
      );
      assert.deepEqual(packagesFor(missing), ['chromium', 'libkrb5-dev']);
    });
  });

  describe('the plan', () => {
    it('does nothing when nothing is missing, whatever the access', () => {
      for (const access of [ROOT, SUDO, USER, NO_APT])
        assert.deepEqual(planPrerequisites([], access), { kind: 'ready' });
    });

    it('as root: apt-get update, then install what is missing, waiting for a held dpkg lock', () => {
      const plan = planPrerequisites(missingRequirements({ ...ALL, chromium: false, gssapi: false }), ROOT);
      assert.deepEqual(plan, {
        kind: 'install',
        packages: ['chromium', 'libkrb5-dev'],
        commands: [
          [...APT, 'update', '-q'],
          [...APT, 'install', '-y', '-q', '-o', 'DPkg::Lock::Timeout=300', 'chromium', 'libkrb5-dev'],
        ],
      });
    });

    it('with passwordless sudo: the same through `sudo -n` (which never asks for a password)', () => {
      const plan = planPrerequisites(missingRequirements({ ...ALL, 'g++': false }), SUDO);
      assert.deepEqual(plan, {
        kind: 'install',
        packages: ['g++'],
        commands: [
          ['sudo', '-n', ...APT, 'update', '-q'],
          ['sudo', '-n', ...APT, 'install', '-y', '-q', '-o', 'DPkg::Lock::Timeout=300', 'g++'],
        ],
      });
    });

    it('not root and no passwordless sudo: stops with the exact command to run', () => {
      const plan = planPrerequisites(missingRequirements({ ...ALL, chromium: false, gssapi: false }), USER);
      assert.equal(plan.kind, 'manual');
      if (plan.kind !== 'manual') return;
      assert.deepEqual(plan.packages, ['chromium', 'libkrb5-dev']);
      assert.equal(plan.command, 'sudo apt-get update && sudo apt-get install -y chromium libkrb5-dev');
      assert.ok(
        plan.message.includes('\n  sudo apt-get update && sudo apt-get install -y chromium libkrb5-dev\n'),
        plan.message,
      );
      assert.match(plan.message, /needs root/);
    });

    it('no apt-get: stops, saying what to install and what each is for', () => {
      const plan = planPrerequisites(missingRequirements({ ...ALL, chromium: false, python3: false }), NO_APT);
      assert.equal(plan.kind, 'manual');
      if (plan.kind !== 'manual') return;
      assert.equal(plan.command, undefined);
      assert.deepEqual(plan.packages, ['chromium', 'python3']);
      assert.match(plan.message, /no apt-get/);
      assert.match(plan.message, /Chromium.*\(Debian: chromium\)/);
      assert.match(plan.message, /python3, for node-gyp \(Debian: python3\)/);
      assert.doesNotMatch(plan.message, /libkrb5-dev/);
    });
  });

  describe("apt-get's summary", () => {
    it('is the line counting what was installed', () => {
      const output =
        'Reading package lists...\nThe following NEW packages will be installed:\n  chromium\n0 upgraded, 93 newly installed, 0 to remove and 4 not upgraded.\nNeed to get 80.1 MB of archives.\n';
      assert.equal(installSummary(output), '0 upgraded, 93 newly installed, 0 to remove and 4 not upgraded.');
    });

    it('is absent when apt-get printed none', () => {
      assert.equal(installSummary('Hit:1 http://deb.debian.org/debian bookworm InRelease\n'), undefined);
    });
  });
});
